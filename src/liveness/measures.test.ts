import { describe, expect, it } from 'vitest';
import {
  blockiness,
  darkBorder,
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
});
