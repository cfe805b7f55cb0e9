import type Sharp from 'sharp';
import { lazyModule } from '../../lib/lazy-module';

const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);
const loadSharp = lazyModule<typeof Sharp>('sharp');
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { badRequest } from '../../lib/app-error';

const MAX_PIXELS = 40_000_000;
export const FULL_SIZE = 1600;
export const THUMB = { width: 480, height: 360 };

/** The image type by its first bytes, whatever the file name or declared type says. */
export function sniffImageType(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Check a screenshot by its magic bytes and by decoding it, then re-encode it as WebP: a display size and a
 * thumbnail. Re-encoding drops metadata (EXIF location) and anything hidden after the image data.
 */
export async function processScreenshot(input: Buffer): Promise<ProcessedImage> {
  const reject = () => badRequest(LISTING_MESSAGES.imageType, { file: LISTING_MESSAGES.imageType });
  const sniffed = sniffImageType(input);
  if (!sniffed) throw reject();
  const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  const meta = await image.metadata().catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) throw reject();
  try {
    const oriented = image.rotate();
    const full = await oriented
      .clone()
      .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await oriented
      .clone()
      .resize({ ...THUMB, fit: 'cover' })
      .webp({ quality: 72 })
      .toBuffer();
    return { full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch {
    throw reject();
  }
}
