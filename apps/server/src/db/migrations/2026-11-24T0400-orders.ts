import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * Orders with escrow (issue 11): protection period on listings, orders and their history, credentials reveals,
 * dispute statements and evidence, the double-entry ledger (decision 080), payouts, and reviews tied to orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('listings')
    .addColumn('protection_days', 'integer', (c) => c.notNull().defaultTo(14))
    .execute();
  await sql`update listings set protection_days = case category when 'social' then 30 when 'streaming' then 5 else 14 end`.execute(
    db,
  );

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('listing_id', 'text', (c) => c.notNull().references('listings.id').onDelete('restrict'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint')
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('delivery_time', 'text', (c) => c.notNull())
    .addColumn('protection_days', 'integer', (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('paid_at', t.timestamp)
    .addColumn('delivered_at', t.timestamp)
    .addColumn('protection_started_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('due_at', t.timestamp)
    .addColumn('due_action', 'text')
    .addColumn('reminder_at', t.timestamp)
    .addColumn('dispute_reason', 'text')
    .addColumn('dispute_opened_at', t.timestamp)
    .addColumn('seller_answer_due_at', t.timestamp)
    .addColumn('paused_remaining_ms', 'bigint')
    .addColumn('decision_outcome', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', t.timestamp)
    .addColumn('credentials_cipher', 'text')
    .addColumn('credentials_erase_at', t.timestamp)
    .addColumn('credentials_erased_at', t.timestamp)
    .execute();
  // The rule that makes two buyers clicking at once get one order: one open order per listing.
  await sql`create unique index orders_listing_open_uq on orders (listing_id)
    where status in ('pending_payment', 'paid', 'delivered', 'protection', 'disputed')`.execute(db);
  await sql`create index orders_due_idx on orders (due_at) where due_at is not null`.execute(db);
  await sql`create index orders_reminder_idx on orders (reminder_at) where reminder_at is not null`.execute(db);
  await sql`create index orders_erase_idx on orders (credentials_erase_at) where credentials_erase_at is not null`.execute(
    db,
  );
  for (const [name, cols] of [
    ['orders_buyer_idx', ['buyer_id', 'created_at', 'id']],
    ['orders_seller_idx', ['seller_id', 'created_at', 'id']],
    ['orders_status_idx', ['status', 'created_at', 'id']],
    ['orders_created_idx', ['created_at', 'id']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('orders')
      .columns([...cols])
      .execute();

  await db.schema
    .createTable('order_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 1, 2, … per order: the timeline's order even when two moves share a millisecond.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_history_order_seq_uq')
    .on('order_history')
    .columns(['order_id', 'seq'])
    .unique()
    .execute();

  await db.schema
    .createTable('credential_reveals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credential_reveals_order_idx').on('credential_reveals').column('order_id').execute();

  await db.schema
    .createTable('dispute_evidence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('uploader_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dispute_evidence_order_idx').on('dispute_evidence').column('order_id').execute();

  await db.schema
    .createTable('dispute_statements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('evidence_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dispute_statements_order_idx')
    .on('dispute_statements')
    .columns(['order_id', 'created_at'])
    .execute();

  // Decision 080: double-entry ledger. The stored balance only ever moves with its entries, in one transaction.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_non_negative', sql`kind = 'external' or balance_cents >= 0`)
    .execute();
  await db.schema.createIndex('ledger_accounts_user_idx').on('ledger_accounts').column('user_id').execute();
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('payout_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transactions_order_idx').on('ledger_transactions').column('order_id').execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('ledger_transactions.id').onDelete('restrict'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_accounts.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema.createIndex('payouts_status_idx').on('payouts').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('payouts_user_idx').on('payouts').columns(['user_id', 'created_at', 'id']).execute();

  // Decision 081: a review belongs to a completed order; one per order.
  await db.schema.alterTable('reviews').addColumn('order_id', 'text').execute();
  await sql`create unique index reviews_order_uq on reviews (order_id) where order_id is not null`.execute(db);
}

export async function down(): Promise<void> {}
