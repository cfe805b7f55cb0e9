import type { OrderState } from './order-state';

/** How often a seller may replace delivered credentials before the buyer reveals them (decision 182). */
export const MAX_CREDENTIAL_CORRECTIONS = 3;

/** What the correction rule reads of an order. */
export interface CorrectableOrder {
  status: OrderState;
  dueAt: number | null;
  credentialsRevealedAt: number | null;
  credentialsCorrections: number;
}

export type CorrectionRefusal = 'correctionClosed' | 'correctionRevealed' | 'correctionLimit';

/**
 * Why the seller may not correct the credentials now, or null when they may: only while the buyer checks the account
 * (delivered, inspection window still open), before the buyer's first reveal, and at most a few times.
 */
export function correctionRefusal(order: CorrectableOrder, now: number): CorrectionRefusal | null {
  if (order.status !== 'delivered' || (order.dueAt !== null && now >= order.dueAt)) return 'correctionClosed';
  if (order.credentialsRevealedAt !== null) return 'correctionRevealed';
  if (order.credentialsCorrections >= MAX_CREDENTIAL_CORRECTIONS) return 'correctionLimit';
  return null;
}
