import { PROTECTION_LABELS, type ProtectionDays } from '@accountry/shared/order-state';

/** "14 days protection" (or "No protection period") for a listing's protection days. */
export const protectionLabel = (days: number) => PROTECTION_LABELS[days as ProtectionDays] ?? `${days} days protection`;
