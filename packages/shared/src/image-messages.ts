/** Messages about uploaded images that every feature taking them shares (each keeps its own "not an image" one). */
export const IMAGE_MESSAGES = {
  /** Processing stopped at the time limit (decision 121): a crafted image must not hold the decoder for long. */
  tooSlow:
    'This image takes too long to process. Save it again as an ordinary JPEG, PNG or WebP, or try a smaller one.',
} as const;
