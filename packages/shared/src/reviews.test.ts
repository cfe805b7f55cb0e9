import { describe, expect, it } from 'vitest';
import { reviewInputSchema, reviewReplySchema } from './reviews';

describe('review text', () => {
  it('drops bidi overrides, isolates and control characters from a review and its answer', () => {
    const review = reviewInputSchema.parse({
      rating: 5,
      comment: 'Great \u202Eyrevilied\u202C seller\u0007, fast\u2067!',
    });
    expect(review.comment).toBe('Great yrevilied seller, fast!');
    const answer = reviewReplySchema.parse({ reply: 'Thanks\u0085 \u2066for\u2069 buying\r\nagain' });
    expect(answer.reply).toBe('Thanks for buying\nagain');
  });
});
