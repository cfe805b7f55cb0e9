import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutReferenceKey } from '@accountry/shared/wallet';
import type { DatabaseHandle } from './database';
import { ManualClock } from '../lib/clock';
import { newId } from '../lib/ids';
import { createTestDatabase, createUser } from '../test/test-app';
import { up } from './migrations/2026-12-05T0200-payout-reference-key';

/** The migration gives every reference recorded before it the key the server computes (decision 188). */
describe('the migration of payout reference keys', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('keys the references already recorded as the server would, and leaves the others empty', async () => {
    // The database as it was before the migration.
    await sql`drop index payouts_reference_key_idx`.execute(handle.db);
    await sql`alter table payouts drop column reference_key`.execute(handle.db);
    const clock = new ManualClock(Date.UTC(2026, 11, 5));
    const seller = await createUser({ db: handle.db, clock }, { role: 'seller' });
    const references = ['TRF-2026-0417', 'Überweisung ÄÖ-12', ''];
    const payout = {
      userId: seller.id,
      amountCents: 5_000,
      reason: '',
      createdAt: clock.now(),
      decidedAt: clock.now(),
    };
    for (const reference of references)
      await sql`insert into payouts (id, user_id, amount_cents, status, reason, created_at, decided_at, reference)
        values (${newId()}, ${payout.userId}, ${payout.amountCents}, ${reference ? 'paid' : 'rejected'}, '',
          ${payout.createdAt}, ${payout.decidedAt}, ${reference})`.execute(handle.db);

    await up(handle.db);
    const rows = await handle.db.selectFrom('payouts').select(['reference', 'referenceKey']).execute();
    expect(rows.sort((a, b) => a.reference.localeCompare(b.reference))).toEqual(
      ['', 'TRF-2026-0417', 'Überweisung ÄÖ-12'].map((reference) => ({
        reference,
        referenceKey: payoutReferenceKey(reference),
      })),
    );
    // Beyond ASCII too, which SQLite's own lower() would leave as it is.
    expect(payoutReferenceKey('Überweisung ÄÖ-12')).toBe('überweisung äö-12');
  });
});
