import { describe, expect, it } from 'vitest';
import {
  blockiness,
  darkBorder,
  darkFrame,
  type Grey,
  laplacianVariance,
  magnitudeSpectrum,
  spectralSignals,
} from './measures.js';

const n = 128;
const natural = (x: number, y: number) => 128 + 60 * Math.sin(x / 17) * Math.cos(y / 23) + 20 * Math.sin((x + y) / 9);

function patch(f: (x: number, y: number) => number): Float32Array {
  const p = new Float32Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) p[y * n + x] = f(x, y);
  return p;
}

describe('forensic measures', () => {
  it('a fine periodic grid (screen pixels, halftone) gives a much higher spectral peak than a smooth image', () => {
    const smooth = spectralSignals(magnitudeSpectrum(patch(natural), n), n).spectralPeak;
    const grid = spectralSignals(
      magnitudeSpectrum(
        patch(
          (x, y) => natural(x, y) * (0.8 + 0.2 * Math.cos((2 * Math.PI * x) / 3.3) * Math.cos((2 * Math.PI * y) / 3.3)),
        ),
        n,
      ),
      n,
    ).spectralPeak;
    expect(grid).toBeGreaterThan(smooth + 0.5);
  });

  it('Laplacian variance falls when the image is blurred', () => {
    const sharp = patch((x, y) => (((x >> 2) + (y >> 2)) % 2 === 0 ? 200 : 50));
    const blurred = patch((x, y) => 125 + 75 * Math.sin(x / 8) * Math.sin(y / 8));
    expect(laplacianVariance(sharp, n)).toBeGreaterThan(10 * laplacianVariance(blurred, n));
  });

  it('8-pixel JPEG blocking and a dark flat border are measured', () => {
    const blocky: Grey = { width: 64, height: 64, data: new Float32Array(64 * 64) };
    const clean: Grey = { width: 64, height: 64, data: new Float32Array(64 * 64) };
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        blocky.data[y * 64 + x] = 100 + 0.5 * (x % 8) + 20 * Math.floor(x / 8);
        clean.data[y * 64 + x] = 100 + 5.5 * x;
      }
    }
    expect(blockiness(blocky)).toBeGreaterThan(3);
    expect(blockiness(clean)).toBeCloseTo(1, 5);
    const framed: Grey = { width: 100, height: 100, data: new Float32Array(100 * 100).fill(10) };
    for (let y = 10; y < 90; y++) for (let x = 10; x < 90; x++) framed.data[y * 100 + x] = 150 + ((x * y) % 40);
    expect(darkBorder(framed)).toBeGreaterThan(0.9);
    expect(darkBorder(clean)).toBe(0);
  });

  describe('darkFrame', () => {
    // A textured scene (a face photo stand-in) with the face box at (fx, fy, fs, fs).
    const scene = (w: number, h: number, background: (x: number, y: number) => number): Grey => {
      const g: Grey = { width: w, height: h, data: new Float32Array(w * h) };
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) g.data[y * w + x] = background(x, y);
      return g;
    };
    const paint = (g: Grey, x0: number, y0: number, w: number, h: number, f: (x: number, y: number) => number) => {
      for (let y = Math.max(0, y0); y < Math.min(g.height, y0 + h); y++)
        for (let x = Math.max(0, x0); x < Math.min(g.width, x0 + w); x++) g.data[y * g.width + x] = f(x, y);
    };
    const photo = (x: number, y: number) => 140 + 60 * Math.sin(x / 7) * Math.cos(y / 11);
    const wall = () => 170;

    it('finds a flat dark bezel around the face whatever its size, thickness and margin', () => {
      for (const [left, top, screenW, screenH, bezel] of [
        [200, 150, 300, 500, 30],
        [60, 40, 200, 340, 8],
        [420, 300, 320, 420, 14],
        [250, 45, 360, 700, 20],
      ] as const) {
        const g = scene(800, 800, wall);
        paint(g, left - bezel, top - bezel, screenW + 2 * bezel, screenH + 2 * bezel, () => 12);
        paint(g, left, top, screenW, screenH, photo);
        const face = screenW * 0.35;
        const box: [number, number, number, number] = [left + (screenW - face) / 2, top + screenH * 0.15, face, face];
        expect(darkFrame(g, box), `${screenW}x${screenH} at ${left},${top}, bezel ${bezel}`).toBeGreaterThan(0.9);
      }
    });

    it('is low for the photo itself, a dark background running to the edges, and dark hair around the face', () => {
      const box: [number, number, number, number] = [300, 250, 200, 200];
      expect(darkFrame(scene(800, 800, photo), box)).toBeLessThan(0.2);
      const dark = scene(800, 800, () => 15);
      paint(dark, 220, 150, 360, 650, photo);
      expect(darkFrame(dark, box)).toBeLessThan(0.2);
      // Hair: a dark flat cap above and beside the face, ragged at its outer edge, on a light wall.
      const hair = scene(800, 800, wall);
      paint(hair, 0, 0, 800, 800, (x, y) => {
        const r = Math.hypot(x - 400, y - 330);
        const edge = 190 + 25 * Math.sin((Math.atan2(y - 330, x - 400) * 180) / Math.PI / 7);
        return y < 480 && r < edge ? 20 : 170;
      });
      paint(hair, 300, 250, 200, 200, photo);
      paint(hair, 200, 480, 400, 320, photo);
      expect(darkFrame(hair, box)).toBeLessThan(0.5);
    });
  });
});
