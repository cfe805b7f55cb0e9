import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { DISPLAY_VARIANT, reencodeImage } from '../../lib/images/image-processing';

export const FULL_SIZE = DISPLAY_VARIANT.width;
export const THUMB = { width: 480, height: 360 };

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** A listing screenshot: checked and re-encoded by the core image module, as a display size and a thumbnail. */
export async function processScreenshot(input: Buffer, sellerId: string): Promise<ProcessedImage> {
  const { full, thumb } = await reencodeImage(
    input,
    { full: DISPLAY_VARIANT, thumb: { ...THUMB, fit: 'cover', quality: 72 } },
    LISTING_MESSAGES.imageType,
    sellerId,
  );
  return { full: full.data, thumb: thumb.data, width: full.width, height: full.height };
}
