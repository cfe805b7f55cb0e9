import type { Generated } from 'kysely';
import type { LedgerKind } from '@accountry/shared/wallet';

// The double-entry ledger, payouts and where they go. Conventions in ../schema.ts.

/** Ledger account ids: `u:<userId>:available`, `u:<userId>:held`, `escrow`, `platform_fee`, `external`. */
export interface LedgerAccountsTable {
  id: string;
  userId: string | null;
  kind: 'available' | 'held' | 'escrow' | 'platform_fee' | 'external';
  balanceCents: number;
  updatedAt: number;
}

export interface LedgerTransactionsTable {
  id: string;
  kind: LedgerKind;
  orderId: string | null;
  payoutId: string | null;
  actorId: string | null;
  memo: string;
  createdAt: number;
}

export interface LedgerEntriesTable {
  id: string;
  transactionId: string;
  accountId: string;
  /** Signed: positive adds to the account. */
  amountCents: number;
  createdAt: number;
}

/** An admin balance credit's request id and a digest of what it asked for (decision 238): recorded once. */
export interface BalanceCreditRequestsTable {
  requestId: string;
  digest: string;
  createdAt: number;
}

export interface PayoutsTable {
  id: string;
  userId: string;
  amountCents: number;
  status: 'open' | 'paid' | 'rejected' | 'canceled';
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  /** The payout details when it was requested (decision 173), sealed; null before them, and once erased. */
  destination: string | null;
  destinationSummary: Generated<string>;
  /** The transfer's reference recorded when it was marked paid (decision 188); '' otherwise. */
  reference: Generated<string>;
  /** What references are compared by (`payoutReferenceKey`: trimmed, lower case), written with the reference. */
  referenceKey: Generated<string>;
  /** When an admin was first shown its whole details to send it; the member can no longer cancel it then. */
  sendingSince: number | null;
}

/** Where a member's payouts go (decision 173): the details sealed for the member, and a summary to show. */
export interface PayoutMethodsTable {
  userId: string;
  kind: 'paypal' | 'us_bank' | 'iban';
  details: string;
  summary: string;
  changedAt: number;
  /** The hold: 48 hours after the details, the email address or the password last changed. */
  payoutsFrom: number;
}
