import { describe, expect, it } from 'vitest';
import { walletEntryLabel, walletEntryMovement } from './wallet-entry-text';
import type { LedgerKind, SaleSplit } from './wallet';

const sale: SaleSplit = { priceCents: 10_000, refundedCents: 4_000, feeCents: 300, paidCents: 5_700 };

describe("a balance history line, in the member's words", () => {
  it.each<[string, LedgerKind, number, number, SaleSplit | null, string, string]>([
    ['an admin credit', 'credit', 5_000, 0, null, 'Balance credit', '$50.00 added to your available balance'],
    [
      "an admin's correction",
      'credit',
      -2_000,
      0,
      null,
      'Balance correction',
      '$20.00 taken from your available balance',
    ],
    ['a purchase paid', 'order_payment', -9_900, 0, null, 'Order payment', '$99.00 taken from your available balance'],
    ["a buyer's refund", 'order_refund', 4_000, 0, null, 'Order refund', '$40.00 added to your available balance'],
    [
      'the rest of a partially refunded sale, for its seller',
      'order_refund',
      5_700,
      0,
      sale,
      'Sale closed with a partial refund',
      '$57.00 added to your available balance',
    ],
    ['a sale completed', 'order_release', 9_405, 0, null, 'Sale completed', '$94.05 added to your available balance'],
    [
      'a payout asked for: nothing gained, the amount set aside',
      'payout_request',
      -5_000,
      5_000,
      null,
      'Payout requested',
      '$50.00 moved from your available balance to held for payouts',
    ],
    ['a payout sent', 'payout_paid', 0, -5_000, null, 'Payout sent', '$50.00 sent to you from held'],
    [
      'a payout rejected',
      'payout_rejected',
      5_000,
      -5_000,
      null,
      'Payout rejected',
      '$50.00 moved back from held to your available balance',
    ],
    [
      'a payout request taken back',
      'payout_canceled',
      1_000,
      -1_000,
      null,
      'Payout request canceled',
      '$10.00 moved back from held to your available balance',
    ],
    [
      'a chargeback recovered from the seller',
      'chargeback_recovery',
      -15_000,
      0,
      null,
      'Chargeback recovery',
      '$150.00 taken from your available balance',
    ],
    ['a move of held money alone', 'credit', 0, -700, null, 'Balance credit', '$7.00 taken from held'],
    ['any other mix names both', 'credit', 300, 200, null, 'Balance credit', 'Available +$3.00, held +$2.00'],
  ])('%s', (_, kind, availableCents, heldCents, split, label, movement) => {
    const line = { kind, availableCents, heldCents, sale: split };
    expect(walletEntryLabel(line)).toBe(label);
    expect(walletEntryMovement(line)).toBe(movement);
  });
});
