import type { Kysely } from 'kysely';

/**
 * A decided payout no longer keeps the whole details it was sent to (decision 174): only open payouts need them, and
 * a member who removes their details must not leave them on every payout already paid or rejected.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('payouts').set({ destination: null }).where('status', '!=', 'open').execute();
}

export async function down(): Promise<void> {}
