import type { Mail } from '../../email/mailer';
import { mailLayout } from '../../email/mail-layout';

/** To the seller when a buyer reviews them: the rating and comment (both public), and where to answer. */
export function newReviewMail(
  publicUrl: string,
  to: string,
  review: { sellerId: string; buyerName: string; title: string; rating: number; comment: string },
): Mail {
  return {
    to,
    subject: `${review.buyerName} reviewed your listing: ${review.title}`,
    ...mailLayout(
      `${review.buyerName} left a review`,
      [
        `${review.rating} of 5 stars for "${review.title}".`,
        ...(review.comment ? [`"${review.comment}"`] : []),
        'You can answer each review once, on your seller page. Your answer is public.',
      ],
      { label: 'Read and answer', url: `${publicUrl}/seller/${encodeURIComponent(review.sellerId)}` },
      'You get this email because you sell on Accountry.',
    ),
  };
}
