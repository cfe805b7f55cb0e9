import { sql } from 'kysely';
import type { LedgerKind } from '@accountry/shared/wallet';
import { engineOf, type Database } from '../db/database';
import type { LedgerAccountsTable } from '../db/schema';
import { conflict } from './app-error';
import { newId } from './ids';

/** Decision 080: a double-entry ledger in integer cents. Every movement is one balanced transaction. */
export const ESCROW = 'escrow';
export const PLATFORM_FEE = 'platform_fee';
/** Money entering or leaving the platform (bank transfers, cards, payouts); the only account that may go negative. */
export const EXTERNAL = 'external';
/** Card money held by Stripe (decision 095): outside the platform like `external`, kept apart to reconcile with it. */
export const STRIPE_CLEARING = 'stripe_clearing';
/**
 * The platform's own costs paid to the outside, Stripe's dispute fees (decision 183): paid from the platform's funds
 * outside the ledger, so it goes below zero like `external`; `-balance` is what they cost.
 */
export const PLATFORM_EXPENSE = 'platform_expense';
/**
 * Money to recover from chargebacks (decision 183): what the bank took of an order settled before it, owed back by
 * the member it was paid to. A receivable, so below zero while owed (as `stripe_clearing` is while Stripe holds card
 * money); kind `external` like `platform_expense`, the one kind allowed there. Recoveries bring it back to zero.
 */
export const CHARGEBACK_RECEIVABLE = 'chargeback_receivable';
const OUTSIDE = new Set([EXTERNAL, STRIPE_CLEARING, PLATFORM_EXPENSE, CHARGEBACK_RECEIVABLE]);
export const availableAccount = (userId: string) => `u:${userId}:available`;
export const heldAccount = (userId: string) => `u:${userId}:held`;

export interface Move {
  from: string;
  to: string;
  amountCents: number;
}

export interface LedgerPosting {
  kind: LedgerKind;
  moves: Move[];
  orderId?: string | null;
  payoutId?: string | null;
  actorId?: string | null;
  memo?: string;
}

/** Thrown when a movement would make an account other than `external` negative; nothing is written. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`insufficient funds in ${accountId}`);
  }
}

function accountRow(id: string, now: number): LedgerAccountsTable {
  const m = /^u:(.+):(available|held)$/.exec(id);
  if (m) return { id, userId: m[1], kind: m[2] as 'available' | 'held', balanceCents: 0, updatedAt: now };
  if (OUTSIDE.has(id)) return { id, userId: null, kind: 'external', balanceCents: 0, updatedAt: now };
  if (id === ESCROW || id === PLATFORM_FEE) return { id, userId: null, kind: id, balanceCents: 0, updatedAt: now };
  throw new Error(`unknown ledger account ${id}`);
}

/**
 * Write one balanced ledger transaction inside the caller's database transaction. Balances move by conditional
 * updates (never below zero except `external`), in account-id order so concurrent postings cannot deadlock.
 */
export async function postLedger(trx: Database, posting: LedgerPosting, now: number): Promise<string> {
  const deltas = new Map<string, number>();
  for (const m of posting.moves) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw new Error('ledger moves are positive cents');
    deltas.set(m.from, (deltas.get(m.from) ?? 0) - m.amountCents);
    deltas.set(m.to, (deltas.get(m.to) ?? 0) + m.amountCents);
  }
  const accounts = [...deltas.keys()].sort();
  await trx
    .insertInto('ledgerAccounts')
    .values(accounts.map((id) => accountRow(id, now)))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  for (const id of accounts) {
    const delta = deltas.get(id)!;
    if (delta === 0) continue;
    let q = trx
      .updateTable('ledgerAccounts')
      .set({ balanceCents: sql`balance_cents + ${delta}`, updatedAt: now })
      .where('id', '=', id);
    if (!OUTSIDE.has(id) && delta < 0) q = q.where('balanceCents', '>=', -delta);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new InsufficientFunds(id);
  }
  const transactionId = newId();
  await trx
    .insertInto('ledgerTransactions')
    .values({
      id: transactionId,
      kind: posting.kind,
      orderId: posting.orderId ?? null,
      payoutId: posting.payoutId ?? null,
      actorId: posting.actorId ?? null,
      memo: posting.memo ?? '',
      createdAt: now,
    })
    .execute();
  await trx
    .insertInto('ledgerEntries')
    .values(
      [...deltas.entries()]
        .filter(([, d]) => d !== 0)
        .map(([accountId, amountCents]) => ({ id: newId(), transactionId, accountId, amountCents, createdAt: now })),
    )
    .execute();
  return transactionId;
}

/**
 * Take the ledger accounts a transaction will post to before its first posting, in the id order `postLedger` takes
 * them. A transaction that posts more than once (a chargeback's refund, Stripe's fee, the bank's funds) would otherwise
 * hold an account while it waits for one that sorts before it, and deadlock with another doing it the other way round.
 * Locks the rows `postLedger` updates (not the key, so entries may still reference them); an account not made yet is
 * made by its first posting. PostgreSQL only: SQLite runs one write transaction at a time.
 */
export async function lockLedgerAccounts(trx: Database, accountIds: readonly string[]) {
  if (engineOf(trx) !== 'postgres' || accountIds.length === 0) return;
  await trx
    .selectFrom('ledgerAccounts')
    .select('id')
    .where('id', 'in', [...new Set(accountIds)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** Run a posting, turning a shortfall into the given 409 message. */
export async function postLedgerOr409(trx: Database, posting: LedgerPosting, now: number, message: string) {
  try {
    return await postLedger(trx, posting, now);
  } catch (err) {
    if (err instanceof InsufficientFunds) throw conflict(message);
    throw err;
  }
}

export async function balanceOf(db: Database, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('ledgerAccounts')
    .select('balanceCents')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balanceCents ?? 0);
}

/** Several accounts' balances in one statement: 0 for an account never posted to. */
export async function balancesOf(db: Database, accountIds: readonly string[]): Promise<Map<string, number>> {
  const rows = accountIds.length
    ? await db.selectFrom('ledgerAccounts').select(['id', 'balanceCents']).where('id', 'in', accountIds).execute()
    : [];
  const found = new Map(rows.map((r) => [r.id, Number(r.balanceCents)]));
  return new Map(accountIds.map((id) => [id, found.get(id) ?? 0]));
}

/**
 * The ledger check (tests after each test, admin health figure): all entries sum to zero, every transaction is
 * balanced, every stored balance equals the sum of its entries, and no account but `external` is negative.
 */
export async function checkLedger(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const total = await db
    .selectFrom('ledgerEntries')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  if (Number(total.total) !== 0) problems.push(`entries sum to ${total.total}, not 0`);
  const unbalanced = await db
    .selectFrom('ledgerEntries')
    .select(['transactionId', sql<number>`sum(amount_cents)`.as('total')])
    .groupBy('transactionId')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .limit(10)
    .execute();
  for (const u of unbalanced) problems.push(`transaction ${u.transactionId} is off by ${u.total}`);
  const drift = await db
    .selectFrom('ledgerAccounts as a')
    .leftJoin(
      db
        .selectFrom('ledgerEntries')
        .select(['accountId', sql<number>`sum(amount_cents)`.as('total')])
        .groupBy('accountId')
        .as('e'),
      'e.accountId',
      'a.id',
    )
    .select(['a.id', 'a.kind', 'a.balanceCents', 'e.total'])
    .where((eb) =>
      eb.or([
        eb(sql`coalesce(e.total, 0)`, '<>', sql.ref('a.balance_cents')),
        eb.and([eb('a.kind', '<>', 'external'), eb('a.balanceCents', '<', 0)]),
      ]),
    )
    .limit(10)
    .execute();
  for (const d of drift)
    problems.push(`account ${d.id} holds ${d.balanceCents} but its entries sum to ${Number(d.total ?? 0)}`);
  return problems;
}
