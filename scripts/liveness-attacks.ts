/**
 * Synthetic presentation attacks made from a real photo, for `eval-liveness.ts`: what a fraudster
 * does with someone else's picture (show it on a screen, print it, send a recompressed copy, hold a
 * phone up to the camera, with its pixels resolved or not), rendered with sharp and plain pixel arithmetic. Deterministic (seeded).
 */
import sharp from 'sharp';

export type AttackKind = 'screen' | 'print' | 'recompress' | 'phone' | 'phone-hd';
export const ATTACK_KINDS: AttackKind[] = ['screen', 'print', 'recompress', 'phone', 'phone-hd'];

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function raw(input: Buffer): Promise<Raw> {
  const { data, info } = await sharp(input)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRaw = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

/** The photo on an LCD, photographed: RGB subpixel stripes and row gaps, resampled at a slight angle (moire). */
async function screenPixels(input: Buffer, scale: number, random: () => number): Promise<Buffer> {
  const src = await raw(input);
  const up = 3;
  const w = src.width * up;
  const h = src.height * up;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.floor(y / up);
    const rowGap = y % up === up - 1 ? 0.55 : 1;
    for (let x = 0; x < w; x++) {
      const sx = Math.floor(x / up);
      const s = (sy * src.width + sx) * 3;
      const sub = x % up;
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const lit = c === sub ? 1 : 0.18;
        out[o + c] = Math.min(255, (src.data[s + c] as number) * lit * rowGap * 1.9);
      }
    }
  }
  const angle = (random() - 0.5) * 6;
  return fromRaw({ data: out, width: w, height: h })
    .rotate(angle, { background: { r: 10, g: 10, b: 12 } })
    .resize(Math.round((src.width * scale * up) / 2.7))
    .modulate({ brightness: 0.95 + random() * 0.1, saturation: 0.85 })
    .tint({ r: 225, g: 235, b: 255 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A CMYK-like halftone print (rotated dot screens), slightly blurred, on warm paper. */
async function print(input: Buffer, random: () => number): Promise<Buffer> {
  const src = await raw(await sharp(input).resize({ width: 700, withoutEnlargement: false }).toBuffer());
  const out = Buffer.alloc(src.data.length);
  const cell = 4 + Math.floor(random() * 3);
  const angles = [15, 75, 0].map((a) => (a * Math.PI) / 180);
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const o = (y * src.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const a = angles[c] as number;
        const u = (x * Math.cos(a) + y * Math.sin(a)) / cell;
        const v = (-x * Math.sin(a) + y * Math.cos(a)) / cell;
        const screen = (Math.cos(2 * Math.PI * u) * Math.cos(2 * Math.PI * v) + 1) / 2; // 0..1
        const ink = 1 - (src.data[o + c] as number) / 255;
        out[o + c] = ink > screen ? 40 : 240;
      }
    }
  }
  return fromRaw({ data: out, width: src.width, height: src.height })
    .blur(0.6 + random() * 0.4)
    .resize(Math.round(src.width * 0.8))
    .linear(0.8, 20)
    .tint({ r: 255, g: 245, b: 225 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A copy of a copy: shrunk, heavily recompressed twice, enlarged again. */
async function recompress(input: Buffer, random: () => number): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const width = meta.width ?? 400;
  const once = await sharp(input)
    .resize(Math.round(width * 0.35))
    .jpeg({ quality: 8 + Math.floor(random() * 6) })
    .toBuffer();
  return sharp(once).resize(width).jpeg({ quality: 12 }).toBuffer();
}

/** A phone held up to the camera: the photo on a screen, inside a dark bezel, on a desk, with glare. */
async function phone(input: Buffer, background: Buffer, random: () => number): Promise<Buffer> {
  const W = 800;
  const H = 800;
  const screenW = Math.round(W * (0.38 + random() * 0.15));
  const screenH = Math.round(screenW * 1.6);
  const shown = await sharp(await screenPixels(input, 1, random))
    .resize(screenW, screenH, { fit: 'cover' })
    .toBuffer();
  const bezel = 18 + Math.floor(random() * 12);
  const phoneW = screenW + 2 * bezel;
  const phoneH = Math.min(H - 20, screenH + 4 * bezel);
  const body = Buffer.from(
    `<svg width="${phoneW}" height="${phoneH}"><rect width="${phoneW}" height="${phoneH}" rx="${bezel * 1.5}" fill="rgb(14,14,16)"/></svg>`,
  );
  const glare = Buffer.from(
    `<svg width="${screenW}" height="${screenH}"><defs><radialGradient id="g"><stop offset="0" stop-color="white" stop-opacity="0.75"/><stop offset="1" stop-color="white" stop-opacity="0"/></radialGradient></defs><ellipse cx="${screenW * (0.2 + random() * 0.6)}" cy="${screenH * (0.15 + random() * 0.3)}" rx="${screenW * 0.35}" ry="${screenH * 0.12}" fill="url(#g)"/></svg>`,
  );
  const left = Math.round((W - phoneW) * (0.3 + random() * 0.4));
  const top = Math.max(0, Math.round((H - phoneH) / 2));
  const desk = await sharp(background).resize(W, H, { fit: 'cover' }).blur(6).modulate({ brightness: 0.8 }).toBuffer();
  return sharp(desk)
    .composite([
      { input: body, left, top },
      { input: shown, left: left + bezel, top: top + Math.round((phoneH - screenH) / 2) },
      { input: glare, left: left + bezel, top: top + Math.round((phoneH - screenH) / 2) },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A high-density phone screen held up to the camera: its pixels are too fine to resolve, so the photo
 * shows clean, inside a dark bezel of any thickness, anywhere in the frame, slightly tilted, on a
 * desk or a plain wall. Only the frame around the face gives it away.
 */
async function phoneHd(input: Buffer, background: Buffer, random: () => number): Promise<Buffer> {
  const W = 800;
  const H = 800;
  const screenW = Math.round(W * (0.25 + random() * 0.3));
  const screenH = Math.min(H - 240, Math.round(screenW * (1.6 + random() * 0.5)));
  const bezel = 8 + Math.floor(random() * 23);
  const phoneW = screenW + 2 * bezel;
  const phoneH = screenH + 2 * bezel + Math.floor(random() * 3 * bezel);
  const shade = 5 + Math.floor(random() * 30);
  const shown = await sharp(input)
    .resize(screenW, screenH, { fit: 'cover', position: 'top' })
    .modulate({ brightness: 0.9 + random() * 0.2 })
    .toBuffer();
  const body = Buffer.from(
    `<svg width="${phoneW}" height="${phoneH}"><rect width="${phoneW}" height="${phoneH}" rx="${bezel}" fill="rgb(${shade},${shade},${shade + 2})"/></svg>`,
  );
  const flat = await sharp(body)
    .composite([{ input: shown, left: bezel, top: Math.round((phoneH - screenH) / 2) }])
    .png()
    .toBuffer();
  // A second pipeline: sharp rotates before it composites within one.
  const handset = await sharp(flat)
    .rotate((random() - 0.5) * 8, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const size = await sharp(handset).metadata();
  const left = Math.round((W - (size.width ?? phoneW)) * (0.1 + random() * 0.8));
  const top = Math.round((H - (size.height ?? phoneH)) * (0.1 + random() * 0.8));
  const tone = 120 + Math.floor(random() * 110);
  const scene =
    random() < 0.5
      ? await sharp(background).resize(W, H, { fit: 'cover' }).blur(6).modulate({ brightness: 0.8 }).toBuffer()
      : await sharp({
          create: { width: W, height: H, channels: 3, background: { r: tone, g: tone - 8, b: tone - 20 } },
        })
          .png()
          .toBuffer();
  return sharp(scene)
    .composite([{ input: handset, left: Math.max(0, left), top: Math.max(0, top) }])
    .jpeg({ quality: 80 + Math.floor(random() * 13) })
    .toBuffer();
}

export async function synthesiseAttack(
  kind: AttackKind,
  input: Buffer,
  background: Buffer,
  seed: number,
): Promise<Buffer> {
  const random = rng(seed);
  switch (kind) {
    case 'screen':
      return screenPixels(input, 1, random);
    case 'print':
      return print(input, random);
    case 'recompress':
      return recompress(input, random);
    case 'phone':
      return phone(input, background, random);
    case 'phone-hd':
      return phoneHd(input, background, random);
  }
}

/** Bona fide variants of a real photo: what honest uploads look like (sizes, JPEG quality, light, slight softness). */
export async function bonaFideVariants(input: Buffer, seed: number): Promise<Buffer[]> {
  const random = rng(seed);
  const meta = await sharp(input).metadata();
  const width = meta.width ?? 400;
  return [
    await sharp(input).jpeg({ quality: 92 }).toBuffer(),
    await sharp(input)
      .resize(Math.round(width * (0.6 + random() * 0.3)))
      .jpeg({ quality: 80 })
      .toBuffer(),
    await sharp(input)
      .modulate({ brightness: 0.75 + random() * 0.5 })
      .jpeg({ quality: 88 })
      .toBuffer(),
    await sharp(input).blur(0.7).jpeg({ quality: 85 }).toBuffer(),
  ];
}
