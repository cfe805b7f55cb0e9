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

/** To the buyer when the seller answers their review: the answer (public), where it shows. */
export function reviewAnsweredMail(
  publicUrl: string,
  to: string,
  review: { sellerId: string; sellerName: string; title: string; reply: string },
): Mail {
  return {
    to,
    subject: `${review.sellerName} answered your review: ${review.title}`,
    ...mailLayout(
      `${review.sellerName} answered your review`,
      [`About "${review.title}":`, `"${review.reply}"`, 'The answer is shown under your review on the seller page.'],
      { label: 'Read the answer', url: `${publicUrl}/seller/${encodeURIComponent(review.sellerId)}` },
      'You get this email because you reviewed a seller on Accountry.',
    ),
  };
}

/** To the buyer whose review a chargeback decided for them withdrew (decision 183): why it no longer shows. */
export function reviewWithdrawnMail(publicUrl: string, to: string, review: { orderId: string; title: string }): Mail {
  return {
    to,
    subject: `Your review was removed: ${review.title}`,
    ...mailLayout(
      'Your review was removed',
      [
        `Your bank reversed your payment for "${review.title}" when it decided the chargeback for you, so the order ` +
          'counts as refunded.',
        'A refunded order is not reviewed: your review is no longer shown on the seller’s page nor counted in their ' +
          'rating.',
      ],
      { label: 'Open the order', url: `${publicUrl}/orders/${encodeURIComponent(review.orderId)}` },
      'You get this email because you reviewed a seller on Accountry.',
    ),
  };
}
