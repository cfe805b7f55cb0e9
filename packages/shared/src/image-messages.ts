/** Messages about uploaded images that every feature taking them shares (each keeps its own "not an image" one). */
export const IMAGE_MESSAGES = {
  /** Processing stopped at the time limit (decision 121): a crafted image must not hold the decoder for long. */
  tooSlow:
    'This image takes too long to process. Save it again as an ordinary JPEG, PNG or WebP, or try a smaller one.',
  /** Four of the member's images are being processed already: each waits its turn at the decoder (decision 121). */
  busy: 'Your other images are still being processed. Send this one again in a moment.',
} as const;
