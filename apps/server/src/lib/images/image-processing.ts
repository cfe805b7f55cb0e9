import type Sharp from 'sharp';
import { availableParallelism } from 'node:os';
import { IMAGE_MESSAGES } from '@accountry/shared/image-messages';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { AppError, badRequest } from '../app-error';
import { lazyModule } from '../lazy-module';
import { TaskGate, TaskGateFullError } from '../task-gate';
import { jpegScanCount } from './jpeg-scans';

// Loaded on first use: importing sharp costs start-up time (decision 128).
const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);
const loadSharp = lazyModule<typeof Sharp>('sharp');

/** Decoding stops past this many pixels (a decompression bomb is refused, not rendered). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Neither side may be longer, read from the header before anything is decoded: the pixel limit alone let a 511 KB PNG
 * of 13,000,000 × 3 pixels take 1.9 GB of memory to shrink (a whole 40 MP image at most 170 MB), and a 1 × 39,000,000
 * one the whole time limit. A long scrolling screenshot is well inside it.
 */
export const MAX_IMAGE_SIDE = 20_000;

/**
 * Each rendition's processing stops after this long (sharp's `timeout`, whole seconds, counted from when libvips opens
 * the input): a crafted image must not keep a decoder busy. The slowest ordinary upload measured, a 40 MP
 * progressive JPEG, took 2.5 s on a loaded two-core machine (decision 121).
 */
const TIME_LIMIT_SECONDS = 10;

/**
 * Scans a JPEG may hold. Every scan is a pass over all of the image's blocks, and the decoder reads them all before
 * the first row comes out, where the time limit cannot stop it: 883 one-coefficient scans of 40 MP took half a
 * minute (`test/slow-jpeg.ts`). Encoders write about ten (libjpeg's progressive script, mozjpeg's optimised scans).
 */
export const MAX_JPEG_SCANS = 100;

/**
 * Images decoded at once per process: a small file can decode to 160 MB of pixels and seconds of CPU, so a burst of
 * uploads queues here instead of taking every core and growing memory with each request. Uploaders take turns, and
 * each has at most sixteen images (and their bytes) in it: a crafted JPEG holds the decoder for half a minute, and one
 * member's stream of them must not make everyone else's uploads wait behind it.
 */
export const IMAGES_IN_PROCESSING_PER_MEMBER = 16;
const decoding = new TaskGate(Math.max(1, Math.min(2, availableParallelism() - 1)), {
  perMember: IMAGES_IN_PROCESSING_PER_MEMBER,
});

export type ImageType = 'jpeg' | 'png' | 'webp';

/** The image type by its first bytes, whatever the file name or declared type says. */
export function sniffImageType(b: Buffer): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** One WebP rendition: fitted inside the box (display size) or covering it (thumbnail). */
export interface ImageVariant {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  quality: number;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The display size listings, chat images and dispute evidence share. */
export const DISPLAY_VARIANT: ImageVariant = { width: 1600, height: 1600, fit: 'inside', quality: 82 };

/** What bounds the processing of one upload; tests shorten the time limit. */
export interface ImageLimits {
  timeoutSeconds: number;
  /** MAX_JPEG_SCANS unless told (a test of the time limit lifts it). */
  maxJpegScans?: number;
}

/**
 * Check an uploaded image by its magic bytes and by a full decode that must agree with them, then re-encode each
 * variant as WebP. Re-encoding drops metadata (EXIF location from phones) and anything hidden after the image data.
 * What is not such an image is refused with the caller's `notAnImage` message, one that takes too long to process with
 * `IMAGE_MESSAGES.tooSlow`: a 400 on the `file` field either way. `uploaderId` is whose turn it waits for; a 17th
 * image of theirs while 16 are processed is a 429 (`IMAGE_MESSAGES.busy`).
 */
export async function reencodeImage<K extends string>(
  input: Buffer,
  variants: Record<K, ImageVariant>,
  notAnImage: string,
  uploaderId: string,
  limits: ImageLimits = { timeoutSeconds: TIME_LIMIT_SECONDS },
): Promise<Record<K, EncodedImage>> {
  const sniffed = sniffImageType(input);
  if (!sniffed) throw refused(notAnImage);
  if (sniffed === 'jpeg' && jpegScanCount(input) > (limits.maxJpegScans ?? MAX_JPEG_SCANS))
    throw refused(IMAGE_MESSAGES.tooSlow);
  try {
    return await decoding.run(() => decodeAndEncode(input, sniffed, variants, notAnImage, limits), uploaderId);
  } catch (err) {
    if (err instanceof TaskGateFullError) throw busy();
    throw err;
  }
}

const busy = () => new AppError(429, ERROR_CODES.tooManyRequests, IMAGE_MESSAGES.busy, { file: IMAGE_MESSAGES.busy });

const refused = (message: string) => badRequest(message, { file: message });

/** sharp's error when processing passed its `timeout` ("timeout: 12% complete"). */
const isTimeout = (err: unknown) => err instanceof Error && err.message.startsWith('timeout:');

async function decodeAndEncode<K extends string>(
  input: Buffer,
  sniffed: ImageType,
  variants: Record<K, ImageVariant>,
  notAnImage: string,
  limits: ImageLimits,
): Promise<Record<K, EncodedImage>> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  // The header only: nothing is decoded yet.
  const meta = await image.metadata().catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) throw refused(notAnImage);
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) throw refused(IMAGE_MESSAGES.tooLarge);
  try {
    const oriented = image.rotate();
    const out = {} as Record<K, EncodedImage>;
    for (const key of Object.keys(variants) as K[]) {
      const v = variants[key];
      const { data, info } = await oriented
        .clone()
        .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside' })
        .webp({ quality: v.quality })
        .timeout({ seconds: limits.timeoutSeconds })
        .toBuffer({ resolveWithObject: true });
      out[key] = { data, width: info.width, height: info.height };
    }
    return out;
  } catch (err) {
    throw refused(isTimeout(err) ? IMAGE_MESSAGES.tooSlow : notAnImage);
  }
}
