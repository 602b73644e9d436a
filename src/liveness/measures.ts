import type { FaceObservation, ForensicSignals } from './observation.js';

/** A grey image, luminance 0..255, row by row. */
export interface Grey {
  data: Float32Array;
  width: number;
  height: number;
}

export function toGrey(rgb: Uint8Array, width: number, height: number): Grey {
  const data = new Float32Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 3) {
    data[i] = 0.299 * (rgb[p] as number) + 0.587 * (rgb[p + 1] as number) + 0.114 * (rgb[p + 2] as number);
  }
  return { data, width, height };
}

const at = (g: Grey, x: number, y: number): number => {
  const xi = Math.min(g.width - 1, Math.max(0, Math.round(x)));
  const yi = Math.min(g.height - 1, Math.max(0, Math.round(y)));
  return g.data[yi * g.width + xi] as number;
};

/** Bilinear resample of the square region [x, y, size, size] to n x n. */
export function sampleSquare(g: Grey, x: number, y: number, w: number, h: number, n: number): Float32Array {
  const out = new Float32Array(n * n);
  for (let j = 0; j < n; j++) {
    const sy = Math.min(g.height - 1, Math.max(0, y + ((j + 0.5) * h) / n - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(g.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let i = 0; i < n; i++) {
      const sx = Math.min(g.width - 1, Math.max(0, x + ((i + 0.5) * w) / n - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(g.width - 1, x0 + 1);
      const fx = sx - x0;
      const a = g.data[y0 * g.width + x0] as number;
      const b = g.data[y0 * g.width + x1] as number;
      const c = g.data[y1 * g.width + x0] as number;
      const d = g.data[y1 * g.width + x1] as number;
      out[j * n + i] = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
    }
  }
  return out;
}

/** Variance of the 4-neighbour Laplacian of an n x n patch (a standard focus measure). */
export function laplacianVariance(p: Float32Array, n: number): number {
  let sum = 0;
  let sq = 0;
  let count = 0;
  for (let y = 1; y < n - 1; y++) {
    for (let x = 1; x < n - 1; x++) {
      const i = y * n + x;
      const l =
        (p[i - 1] as number) +
        (p[i + 1] as number) +
        (p[i - n] as number) +
        (p[i + n] as number) -
        4 * (p[i] as number);
      sum += l;
      sq += l * l;
      count++;
    }
  }
  const mean = sum / count;
  return sq / count - mean * mean;
}

function patchStats(g: Grey, cx: number, cy: number, r: number): { mean: number; gradient: number } {
  let sum = 0;
  let grad = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(r / 6));
  for (let y = cy - r; y <= cy + r; y += step) {
    for (let x = cx - r; x <= cx + r; x += step) {
      const v = at(g, x, y);
      sum += v;
      grad += Math.abs(at(g, x + 1, y) - v) + Math.abs(at(g, x, y + 1) - v);
      count++;
    }
  }
  return { mean: sum / count, gradient: grad / count };
}

type Point = [number, number, number?];
const dist = (a: Point | undefined, b: Point | undefined): number =>
  a && b ? Math.hypot((a[0] as number) - (b[0] as number), (a[1] as number) - (b[1] as number)) : 0;
const mid = (a: Point | undefined, b: Point | undefined): [number, number] =>
  a && b ? [((a[0] as number) + (b[0] as number)) / 2, ((a[1] as number) + (b[1] as number)) / 2] : [0, 0];

/** MediaPipe face-mesh indices used below. */
const MESH = {
  rightEye: { outer: 33, inner: 133, upper: [159, 158, 160], lower: [145, 153, 144] },
  leftEye: { outer: 263, inner: 362, upper: [386, 385, 387], lower: [374, 380, 373] },
  mouth: { left: 78, right: 308, upper: 13, lower: 14 },
  subnasale: 2,
  upperLipTop: 0,
  lowerLipBottom: 17,
  chin: 152,
  bridge: 168,
  rightCheek: 50,
  leftCheek: 280,
} as const;

function eyeRatio(mesh: Point[], eye: typeof MESH.rightEye | typeof MESH.leftEye): number {
  const width = dist(mesh[eye.outer], mesh[eye.inner]);
  if (width === 0) return 0;
  let open = 0;
  for (let i = 0; i < eye.upper.length; i++) open += dist(mesh[eye.upper[i] as number], mesh[eye.lower[i] as number]);
  return open / eye.upper.length / width;
}

/** Eye, mouth and region measurements from the face mesh (478 points, pixels of the analysed image). */
export function meshMeasures(
  g: Grey,
  mesh: Point[],
  box: [number, number, number, number],
): Pick<FaceObservation, 'eyeOpenRatio' | 'mouthOpenRatio' | 'regions'> {
  if (mesh.length < 468) {
    return {
      eyeOpenRatio: 0,
      mouthOpenRatio: 0,
      regions: { eyes: 1, bridgeEdges: 1, upperLip: 1, chin: 1, chinTexture: 1 },
    };
  }
  const eyeOpenRatio = (eyeRatio(mesh, MESH.rightEye) + eyeRatio(mesh, MESH.leftEye)) / 2;
  const mouthWidth = dist(mesh[MESH.mouth.left], mesh[MESH.mouth.right]);
  const mouthOpenRatio = mouthWidth > 0 ? dist(mesh[MESH.mouth.upper], mesh[MESH.mouth.lower]) / mouthWidth : 0;
  const r = Math.max(2, Math.round(box[2] * 0.05));
  const stats = (p: [number, number]) => patchStats(g, p[0], p[1], r);
  const cheekR = stats(mesh[MESH.rightCheek] as [number, number]);
  const cheekL = stats(mesh[MESH.leftCheek] as [number, number]);
  const cheek = { mean: (cheekR.mean + cheekL.mean) / 2 + 1, gradient: (cheekR.gradient + cheekL.gradient) / 2 + 1 };
  const eyeR = stats(mid(mesh[MESH.rightEye.upper[0]], mesh[MESH.rightEye.lower[0]]));
  const eyeL = stats(mid(mesh[MESH.leftEye.upper[0]], mesh[MESH.leftEye.lower[0]]));
  const bridge = stats(mesh[MESH.bridge] as [number, number]);
  const upperLip = stats(mid(mesh[MESH.subnasale], mesh[MESH.upperLipTop]));
  const chin = stats(mid(mesh[MESH.lowerLipBottom], mesh[MESH.chin]));
  return {
    eyeOpenRatio,
    mouthOpenRatio,
    regions: {
      eyes: (eyeR.mean + eyeL.mean) / 2 / cheek.mean,
      bridgeEdges: bridge.gradient / cheek.gradient,
      upperLip: upperLip.mean / cheek.mean,
      chin: chin.mean / cheek.mean,
      chinTexture: chin.gradient / cheek.gradient,
    },
  };
}

/** Mean luminance and Laplacian variance of the face crop, resampled to 128 x 128. */
export function cropQuality(
  g: Grey,
  box: [number, number, number, number],
): { brightness: number; laplacianVariance: number } {
  const n = 128;
  const p = sampleSquare(g, box[0], box[1], box[2], box[3], n);
  let sum = 0;
  for (const v of p) sum += v;
  return { brightness: sum / p.length, laplacianVariance: laplacianVariance(p, n) };
}

interface FftTables {
  reverse: Uint32Array;
  cos: Float64Array;
  sin: Float64Array;
}
const fftTables = new Map<number, FftTables>();

function tablesFor(n: number): FftTables {
  let t = fftTables.get(n);
  if (!t) {
    const bits = Math.log2(n);
    const reverse = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      reverse[i] = r;
    }
    const cos = new Float64Array(n / 2);
    const sin = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      cos[k] = Math.cos((-2 * Math.PI * k) / n);
      sin[k] = Math.sin((-2 * Math.PI * k) / n);
    }
    t = { reverse, cos, sin };
    fftTables.set(n, t);
  }
  return t;
}

/** In-place radix-2 complex FFT of length n (a power of two), with cached twiddle tables. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  const { reverse, cos, sin } = tablesFor(n);
  for (let i = 0; i < n; i++) {
    const j = reverse[i] as number;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step] as number;
        const wi = sin[k * step] as number;
        const a = i + k;
        const b = a + half;
        const xr = (re[b] as number) * wr - (im[b] as number) * wi;
        const xi = (re[b] as number) * wi + (im[b] as number) * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}

/** Magnitude spectrum of an n x n patch after removing its mean and applying a Hann window. */
export function magnitudeSpectrum(p: Float32Array, n: number): Float64Array {
  let mean = 0;
  for (const v of p) mean += v;
  mean /= p.length;
  const hann = new Float64Array(n);
  for (let k = 0; k < n; k++) hann[k] = 0.5 - 0.5 * Math.cos((2 * Math.PI * k) / (n - 1));
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    const wy = hann[y] as number;
    for (let x = 0; x < n; x++) re[y * n + x] = ((p[y * n + x] as number) - mean) * (hann[x] as number) * wy;
  }
  const rr = new Float64Array(n);
  const ri = new Float64Array(n);
  for (let y = 0; y < n; y++) {
    rr.set(re.subarray(y * n, y * n + n));
    ri.set(im.subarray(y * n, y * n + n));
    fft(rr, ri);
    re.set(rr, y * n);
    im.set(ri, y * n);
  }
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      rr[y] = re[y * n + x] as number;
      ri[y] = im[y * n + x] as number;
    }
    fft(rr, ri);
    for (let y = 0; y < n; y++) {
      re[y * n + x] = rr[y] as number;
      im[y * n + x] = ri[y] as number;
    }
  }
  const mag = new Float64Array(n * n);
  for (let i = 0; i < mag.length; i++) {
    const a = re[i] as number;
    const b = im[i] as number;
    mag[i] = Math.sqrt(a * a + b * b);
  }
  return mag;
}

/**
 * Strongest isolated peak of the spectrum in the mid/high band (frequencies n/10..n/2, axes left
 * out) as log10(peak / mean of its 7 x 7 neighbourhood), and the share of energy in that band.
 * A natural photo's spectrum falls smoothly; a screen's pixel grid, moire and print halftone put
 * sharp peaks there.
 */
export function spectralSignals(mag: Float64Array, n: number): { spectralPeak: number; highBandEnergy: number } {
  // Summed-area table of the periodic spectrum padded by 3 on each side: any 7 x 7 sum in O(1).
  const r = 3;
  const m = n + 2 * r;
  const sat = new Float64Array((m + 1) * (m + 1));
  for (let y = 0; y < m; y++) {
    const sy = (y - r + n) % n;
    let row = 0;
    for (let x = 0; x < m; x++) {
      row += mag[sy * n + ((x - r + n) % n)] as number;
      sat[(y + 1) * (m + 1) + x + 1] = (sat[y * (m + 1) + x + 1] as number) + row;
    }
  }
  const box = (y: number, x: number) => {
    // 7 x 7 window centred on (y, x) of the spectrum = padded rows y..y+6, columns x..x+6.
    const y1 = y + 2 * r + 1;
    const x1 = x + 2 * r + 1;
    return (
      (sat[y1 * (m + 1) + x1] as number) -
      (sat[y * (m + 1) + x1] as number) -
      (sat[y1 * (m + 1) + x] as number) +
      (sat[y * (m + 1) + x] as number)
    );
  };
  const freq = (k: number) => (k <= n / 2 ? k : k - n);
  let best = 0;
  let band = 0;
  let total = 0;
  for (let y = 0; y < n; y++) {
    const fy = freq(y);
    for (let x = 0; x < n; x++) {
      const fx = freq(x);
      const v = mag[y * n + x] as number;
      const radius = Math.sqrt(fx * fx + fy * fy);
      if (radius < 1) continue;
      total += v * v;
      if (radius < n / 10 || radius > n / 2) continue;
      band += v * v;
      if (Math.abs(fx) < 3 || Math.abs(fy) < 3) continue;
      const local = (box(y, x) - v) / 48;
      const ratio = v / (local + 1e-9);
      if (ratio > best) best = ratio;
    }
  }
  return { spectralPeak: Math.log10(best + 1e-9), highBandEnergy: total > 0 ? band / total : 0 };
}

/** Share of the outer 6 % border of the image that is dark (< 50) and flat (a bezel or screen edge). */
export function darkBorder(g: Grey): number {
  const bw = Math.max(2, Math.round(g.width * 0.06));
  const bh = Math.max(2, Math.round(g.height * 0.06));
  let dark = 0;
  let count = 0;
  const step = 2;
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0; x < g.width; x += step) {
      if (x >= bw && x < g.width - bw && y >= bh && y < g.height - bh) continue;
      const v = at(g, x, y);
      const grad = Math.abs(at(g, x + 1, y) - v) + Math.abs(at(g, x, y + 1) - v);
      if (v < 50 && grad < 8) dark++;
      count++;
    }
  }
  return count > 0 ? dark / count : 0;
}

const isDarkFlat = (g: Grey, x: number, y: number): boolean => {
  const v = at(g, x, y);
  return v < 50 && Math.abs(at(g, x + 1, y) - v) + Math.abs(at(g, x, y + 1) - v) < 8;
};

/**
 * Walking from (x, y) along (dx, dy) to the image's edge: the distance to the outer end of the
 * outermost dark flat band at least `minRun` pixels wide with lighter pixels beyond it, or null.
 */
function outerBandEnd(g: Grey, x: number, y: number, dx: number, dy: number, minRun: number): number | null {
  let run = 0;
  let found: number | null = null;
  for (let t = 0; ; t++) {
    const px = x + dx * t;
    const py = y + dy * t;
    if (px < 0 || py < 0 || px > g.width - 1 || py > g.height - 1) return found;
    if (isDarkFlat(g, px, py)) {
      run++;
    } else {
      if (run >= minRun) found = t;
      run = 0;
    }
  }
}

/**
 * The largest share of rays whose band ends lie within `tolerance` pixels of one straight line (the
 * line through some two of them: exhaustive, 16 rays make 120 lines), over the rays cast.
 */
function straightShare(ends: Array<number | null>, tolerance: number): number {
  let best = 0;
  for (let i = 0; i < ends.length; i++) {
    for (let j = i + 1; j < ends.length; j++) {
      const a = ends[i];
      const b = ends[j];
      if (a == null || b == null) continue;
      const slope = (b - a) / (j - i);
      let inliers = 0;
      ends.forEach((e, k) => {
        if (e != null && Math.abs(e - (a + slope * (k - i))) <= tolerance) inliers++;
      });
      best = Math.max(best, inliers);
    }
  }
  return best / ends.length;
}

/**
 * How closed and straight a dark flat frame around the face is (0..1): on each side of the face,
 * 16 parallel rays walk out from the face box to the image's edge and find the outer end of the
 * outermost dark flat band closed by lighter pixels; the side's score is the share of rays whose
 * ends lie within 3 px of one straight line (an edge, tilted or not), and the frame's is the
 * weakest side. A phone or screen bezel shown around the face scores near 1
 * whatever its size or margin (`darkBorder` sees it only where it touches the image's edge); dark
 * hair, shadows or a dark background running to the edge give ragged ends, or none, on some side.
 */
export function darkFrame(g: Grey, box: [number, number, number, number]): number {
  const [bx, by, bw, bh] = box;
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const minRun = Math.max(3, Math.round(Math.max(g.width, g.height) * 0.006));
  const rays = 16;
  const across = (k: number) => (k / (rays - 1) - 0.5) * 1.5;
  const side = (origin: (k: number) => [number, number], dx: number, dy: number) =>
    straightShare(
      Array.from({ length: rays }, (_, k) => outerBandEnd(g, ...origin(k), dx, dy, minRun)),
      3,
    );
  return Math.min(
    side((k) => [bx + bw, cy + across(k) * bh], 1, 0),
    side((k) => [bx, cy + across(k) * bh], -1, 0),
    side((k) => [cx + across(k) * bw, by + bh], 0, 1),
    side((k) => [cx + across(k) * bw, by], 0, -1),
  );
}

/**
 * JPEG blocking: mean absolute step across the 8-pixel grid over the mean step elsewhere (about 1
 * for a clean image, higher for a heavily recompressed one; neutral when the upload was resized).
 */
export function blockiness(g: Grey): number {
  let onGrid = 0;
  let off = 0;
  let nOn = 0;
  let nOff = 0;
  for (let y = 0; y < g.height; y += 2) {
    const row = y * g.width;
    for (let x = 0; x < g.width - 1; x++) {
      const d = Math.abs((g.data[row + x + 1] as number) - (g.data[row + x] as number));
      if (x % 8 === 7) {
        onGrid += d;
        nOn++;
      } else {
        off += d;
        nOff++;
      }
    }
  }
  return nOn > 0 && off > 0 ? onGrid / nOn / (off / nOff) : 1;
}

/** Copy of the n x n patch at native resolution centred on (cx, cy), edges clamped. */
function nativePatch(g: Grey, cx: number, cy: number, n: number): Float32Array {
  const out = new Float32Array(n * n);
  const x0 = Math.round(cx - n / 2);
  const y0 = Math.round(cy - n / 2);
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) out[j * n + i] = at(g, x0 + i, y0 + j);
  return out;
}

/** The forensic signals of a still around its largest face. */
export function forensicSignals(rgb: Uint8Array, g: Grey, box: [number, number, number, number]): ForensicSignals {
  const [bx, by, bw, bh] = box;
  const side = Math.max(bw, bh) * 2;
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const n = 256;
  const region = sampleSquare(g, cx - side / 2, cy - side / 2, side, side, n);
  const spectral = spectralSignals(magnitudeSpectrum(region, n), n);
  // The same at native resolution on the face itself: a halftone or pixel grid finer than the
  // resampled region above still shows here.
  const native = spectralSignals(magnitudeSpectrum(nativePatch(g, cx, cy, 128), 128), 128);
  let glare = 0;
  let saturation = 0;
  let count = 0;
  const x0 = Math.max(0, Math.floor(bx));
  const y0 = Math.max(0, Math.floor(by));
  const x1 = Math.min(g.width, Math.ceil(bx + bw));
  const y1 = Math.min(g.height, Math.ceil(by + bh));
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = y * g.width + x;
      const r = rgb[i * 3] as number;
      const gg = rgb[i * 3 + 1] as number;
      const b = rgb[i * 3 + 2] as number;
      const max = Math.max(r, gg, b);
      const min = Math.min(r, gg, b);
      if ((g.data[i] as number) > 245) glare++;
      saturation += max > 0 ? (max - min) / max : 0;
      count++;
    }
  }
  const quality = cropQuality(g, box);
  return {
    ...spectral,
    nativePeak: native.spectralPeak,
    nativeHighBand: native.highBandEnergy,
    blockiness: blockiness(g),
    darkBorder: darkBorder(g),
    darkFrame: darkFrame(g, box),
    glare: count > 0 ? glare / count : 0,
    sharpness: Math.log10(quality.laplacianVariance + 1),
    faceRatio: (bw * bh) / (g.width * g.height),
    saturation: count > 0 ? saturation / count : 0,
  };
}
