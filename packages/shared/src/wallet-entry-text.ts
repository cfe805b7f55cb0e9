import { formatCents, LEDGER_KIND_LABELS, type LedgerKind, type SaleSplit } from './wallet';

/** A balance history line as the member reads it: what happened, and what it did to their available and held money. */
interface Line {
  kind: LedgerKind;
  /** Signed: positive adds to the available balance. */
  availableCents: number;
  heldCents: number;
  sale: SaleSplit | null;
}

/** What happened: a partial refund's line for the seller is the rest of the sale; a negative credit is a correction. */
export function walletEntryLabel(line: Line) {
  if (line.kind === 'order_refund' && line.sale) return 'Sale closed with a partial refund';
  if (line.kind === 'credit' && line.availableCents < 0) return 'Balance correction';
  return LEDGER_KIND_LABELS[line.kind];
}

const signed = (cents: number) => `${cents > 0 ? '+' : ''}${formatCents(cents)}`;

/**
 * Where the money went, in words, so a payout request's "+" on the held balance is not read as money gained: one
 * sentence per line, from the two signed amounts the ledger recorded (admins and the data export keep those).
 */
export function walletEntryMovement({ kind, availableCents: a, heldCents: h }: Line) {
  if (h === 0 && a > 0) return `${formatCents(a)} added to your available balance`;
  if (h === 0 && a < 0) return `${formatCents(-a)} taken from your available balance`;
  if (a < 0 && h === -a) return `${formatCents(h)} moved from your available balance to held for payouts`;
  if (a > 0 && h === -a) return `${formatCents(a)} moved back from held to your available balance`;
  if (a === 0 && h < 0)
    return kind === 'payout_paid' ? `${formatCents(-h)} sent to you from held` : `${formatCents(-h)} taken from held`;
  if (a === 0 && h > 0) return `${formatCents(h)} added to held`;
  return `Available ${signed(a)}, held ${signed(h)}`;
}
