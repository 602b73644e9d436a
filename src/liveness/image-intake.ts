import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../domain/errors.js';

export interface IntakeLimits {
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
  /** Most decoded pixels accepted (width x height read from the header, before any decoding). */
  maxPixels: number;
  /** Longest side the image is resized to before detection. */
  maxSide: number;
}

/** A decoded, upright, resized RGB image ready for the face models; the upload bytes are not kept. */
export interface PreparedImage {
  /** Raw RGB, 3 bytes a pixel, row by row. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** SHA-256 of the uploaded bytes (hex): what is stored instead of the image. */
  sha256: string;
  format: string;
}

/** Raster formats accepted. SVG, PDF and the like are refused: they are programs, not photos. */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif', 'heif', 'avif', 'jp2']);

/**
 * Checks the upload is a raster image by its content (header metadata, never the file name), refuses
 * a header declaring more pixels than the cap before anything is decoded, then decodes, turns it
 * upright (EXIF orientation) and shrinks it so the longest side is at most `maxSide`.
 */
export async function prepareImage(bytes: Buffer, limits: IntakeLimits): Promise<PreparedImage> {
  if (bytes.length === 0) throw new AppError('IMAGE_MISSING', 'the file part is empty', [fileProblem('is empty')]);
  if (bytes.length > limits.maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', `the image is larger than ${limits.maxBytes} bytes`, [
      fileProblem(`is larger than ${limits.maxBytes} bytes`),
    ]);
  }
  let meta: Metadata;
  try {
    // Reads the header only; the pixel cap is applied by hand below, so no limit here.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
  const pixels = meta.width * meta.height * Math.max(1, meta.pages ?? 1);
  if (pixels > limits.maxPixels) {
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      `the image declares ${meta.width}x${meta.height} pixels, more than the limit of ${limits.maxPixels}`,
      [fileProblem(`declares more than ${limits.maxPixels} pixels`)],
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = info.channels === 3 ? data : toRgb(data, info.channels);
    return {
      pixels: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength),
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: meta.format,
    };
  } catch {
    throw new AppError('IMAGE_UNREADABLE', 'the image is corrupt: it could not be decoded', [
      fileProblem('could not be decoded'),
    ]);
  }
}

function toRgb(data: Buffer, channels: number): Buffer {
  const n = data.length / channels;
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const g = data[i * channels] as number;
    out[i * 3] = g;
    out[i * 3 + 1] = channels >= 3 ? (data[i * channels + 1] as number) : g;
    out[i * 3 + 2] = channels >= 3 ? (data[i * channels + 2] as number) : g;
  }
  return out;
}

const fileProblem = (message: string) => ({ path: '/body/file', message });

function notAnImage(): AppError {
  return new AppError('IMAGE_UNREADABLE', 'the file is not an image (JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF)', [
    fileProblem('is not a raster image'),
  ]);
}
