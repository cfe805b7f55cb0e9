// Every page's header reads this module: it imports no module whose schemas are built by chained calls, which the
// bundler cannot drop, so zod stays out of the first download (budget: e2e/browse-download.spec.ts).
import { z } from 'zod';

/** GET /api/admin/waiting: what waits for an admin's action (decision 186). */
export const ADMIN_WAITING_ROUTE = '/api/admin/waiting';

/**
 * Pushed to admins' sockets when a count may have changed (decision 189), with no data: each tab asks the route again.
 * A server process sends at most one a second.
 */
export const ADMIN_WAITING_CHANGED = 'admin.waiting';

export const adminWaitingSchema = z.object({
  /** Disputed orders an admin may decide now (not held by a chargeback: the bank decides first). */
  disputes: z.number().int(),
  /** Payout requests to send or reject. */
  payouts: z.number().int(),
  /** Card chargebacks the bank has not decided yet. */
  chargebacks: z.number().int(),
  /** Chargebacks the bank decided for the buyer on orders settled before them, with money still to recover. */
  chargebacksToRecover: z.number().int(),
  /** Card refunds Stripe refused for good (decision 095): the buyer is owed them until an admin settles each. */
  refusedRefunds: z.number().int(),
  /**
   * Open disputes of a second payment of an order that was refunded at once (decision 244): an admin submits the refund
   * as evidence at Stripe before the bank decides.
   */
  refundedPaymentDisputes: z.number().int(),
  /** Hidden listings whose seller asked for another look (decision 259). */
  listingReviews: z.number().int(),
  /** Open reports of listings, conversations (messages) and users; rate-us feedback is not a task. */
  reports: z.object({ listing: z.number().int(), conversation: z.number().int(), user: z.number().int() }),
});
export type AdminWaiting = z.infer<typeof adminWaitingSchema>;

/** The kinds of report that are an admin's task, in the order the Reports tab lists them. */
export const WAITING_REPORT_KINDS = ['listing', 'conversation', 'user'] as const;

export const adminWaitingReports = (w: AdminWaiting | undefined) =>
  w ? w.reports.listing + w.reports.conversation + w.reports.user : 0;
/**
 * The Orders section's count: disputes, chargebacks open or to recover, refunds Stripe refused, and open disputes of
 * refunded payments.
 */
export const adminWaitingOrders = (w: AdminWaiting | undefined) =>
  w ? w.disputes + w.chargebacks + w.chargebacksToRecover + w.refusedRefunds + w.refundedPaymentDisputes : 0;
export const adminWaitingTotal = (w: AdminWaiting | undefined) =>
  w ? adminWaitingOrders(w) + w.payouts + w.listingReviews + adminWaitingReports(w) : 0;

/** Where each count leads: the filtered list that holds the work. */
export const ADMIN_WAITING_LINKS = {
  disputes: '/admin/orders?status=disputed',
  chargebacks: '/admin/orders?status=chargeback',
  chargebacksToRecover: '/admin/orders?status=chargeback_to_recover',
  refusedRefunds: '/admin/orders?status=refund_refused',
  refundedPaymentDisputes: '/admin/orders?status=refunded_payment_dispute',
  payouts: '/admin/payouts',
  listingReviews: '/admin/listings?review=requested',
  reports: (type: keyof AdminWaiting['reports']) => `/admin/reports?tab=${type}`,
} as const;

/** Mailed to every admin who may act (not a party, not disabled or deleted), in the event's transaction. */
export const ADMIN_TASK_MAILS = {
  dispute: {
    subject: (title: string) => `A dispute waits for your decision: ${title}`,
    heading: 'A dispute waits for a decision',
    line: (price: string, reason: string) => `The buyer disputed the order (${price}). Their reason: ${reason}`,
    label: 'Open the order',
  },
  payout: {
    subject: (amount: string) => `A payout of ${amount} was requested`,
    heading: 'A payout waits to be sent',
    line: (name: string, amount: string) => `${name} asked for a payout of ${amount}. Send it or reject it.`,
    label: 'Open the payouts',
  },
  chargeback: {
    subject: (title: string) => `A chargeback was opened: ${title}`,
    heading: 'A card chargeback was opened',
    /** `opened` is the order history's own words (chargebackOpenedReason). */
    line: (opened: string) => `${opened} Answer the bank from Stripe's dashboard with the order's records.`,
    label: 'Open the order',
  },
  refusedRefund: {
    subject: (title: string) => `Stripe refused a refund: ${title}`,
    heading: 'A card refund waits for an admin',
    line: (amount: string, error: string) =>
      `Stripe refused to refund ${amount} to the buyer's card and will not be asked again. Its answer: ${error} ` +
      'The buyer is still owed the money: retry the refund at Stripe, or record how it was paid back.',
    label: 'Open the order',
  },
  refundedPaymentDispute: {
    subject: (title: string) => `A refunded second payment was disputed: ${title}`,
    heading: "A refunded payment's chargeback waits for evidence",
    /** `disputed` says what the bank disputes and why (refundedPaymentDisputedLine). */
    line: (disputed: string, refunded: boolean) =>
      refunded
        ? `${disputed} Submit the refund as evidence in Stripe's dashboard, or the bank returns the money a second ` +
          "time at the platform's cost."
        : `${disputed} See its card refund on the order: what the bank returns to the cardholder counts when that ` +
          'refund is settled.',
    label: 'Open the order',
  },
  footer: (publicUrl: string) =>
    'You get this email because you are an admin on Accountry. You can turn these emails off in your profile: ' +
    `${publicUrl}/profile`,
} as const;
