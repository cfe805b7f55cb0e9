import { sellerShareCents } from '@accountry/shared/order-state';
import type { SaleSplit, WalletEntry } from '@accountry/shared/wallet';
import type { AppDeps } from '../../app';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { availableAccount, heldAccount } from '../../lib/ledger';
import { walletEntryRows } from './wallet-entries.repository';

const PAGE = 25;

type Row = Awaited<ReturnType<typeof walletEntryRows>>[number];

/**
 * How a sale was split, on the line that paid it to this member: its completion, or the rest of a partial refund.
 * The fee is the one the order took when it settled; what reached the balance is the shared seller's share.
 */
function saleSplit(row: Row, userId: string, feePercent: number): SaleSplit | null {
  const paysSale = row.kind === 'order_release' || (row.kind === 'order_refund' && Number(row.availableCents) > 0);
  if (!paysSale || row.orderSellerId !== userId || row.feeCents == null) return null;
  const order = { priceCents: row.priceCents!, refundedCents: row.refundedCents!, feeCents: row.feeCents };
  return { ...order, paidCents: sellerShareCents(order, feePercent) };
}

/** The member's ledger lines, newest first, each order's line naming its listing. */
export async function walletEntries(deps: AppDeps, userId: string, cursor: string | undefined) {
  const rows = await walletEntryRows(deps.db.db, {
    userId,
    available: availableAccount(userId),
    held: heldAccount(userId),
    after: decodeCursor(cursor),
    limit: PAGE + 1,
  });
  const page = rows.slice(0, PAGE);
  const last = page[page.length - 1];
  const feePercent = deps.config.orders.platformFeePercent;
  return {
    items: page.map((r): WalletEntry => ({
      id: r.id,
      kind: r.kind,
      availableCents: Number(r.availableCents),
      heldCents: Number(r.heldCents),
      orderId: r.orderId,
      listingTitle: r.orderId ? r.listingTitle : null,
      sale: saleSplit(r, userId, feePercent),
      memo: r.memo,
      createdAt: r.createdAt,
    })),
    nextCursor: rows.length > PAGE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
