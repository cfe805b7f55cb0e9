/** Messages about uploaded images that every feature taking them shares (each keeps its own "not an image" one). */
export const IMAGE_MESSAGES = {
  /** Processing stopped at the time limit (decision 121): a crafted image must not hold the decoder for long. */
  tooSlow:
    'This image takes too long to process. Save it again as an ordinary JPEG, PNG or WebP, or try a smaller one.',
  /** A side longer than the server's MAX_IMAGE_SIDE (20,000 px): such images took gigabytes (decision 121). */
  tooLarge: 'This image is too large: each side can be at most 20,000 pixels.',
  /** Sixteen of the member's images are being processed already: each waits its turn at the decoder (decision 121). */
  busy: 'Your other images are still being processed. Send this one again in a moment.',
} as const;
