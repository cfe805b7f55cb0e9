import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseUpdatesOfRows } from '../../test/refused-writes';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { newId } from '../../lib/ids';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

/**
 * A saved search the sweep can never move on (the database refuses its row's writes, every time) must be logged and
 * passed, as decision 241 asks of every background job: it must neither end the sweep nor hold back the searches due
 * after it. Today the sweep's own fallback (moving a failed search on) and the batch's move of its quiet searches throw
 * out of the sweep, and since the failing search is the oldest due, it comes first again every sweep.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MIN = 60_000;
/** The failing searches' own queries (canonical: parameters in order), by which the database refuses their rows. */
const STUCK = 'platform=valorant&q=radiant';
const STUCK_QUIET = 'platform=minecraft&q=nothingnew';

async function save(userId: string, query: string, checkedAt: number) {
  const id = newId();
  await ctx.db.insertInto('savedSearches').values({ id, userId, query, createdAt: checkedAt, checkedAt }).execute();
  return id;
}

describe('saved search alerts past a search whose row cannot be written', () => {
  it('still mails the searches due after one with new listings that fails every time', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const stuckMember = await createUser(ctx);
    const member = await createUser(ctx);
    const t0 = ctx.clock.now();
    // The failing search is the oldest due; the database refuses every move of its `checked_at`.
    const stuckAt = t0 - 17;
    await save(stuckMember.id, STUCK, stuckAt);
    await save(member.id, 'platform=valorant', t0);
    await refuseUpdatesOfRows(ctx.handle, 'saved_searches', 'query', STUCK);
    ctx.clock.advance(MIN);
    await insertTestListing(ctx, seller.id, { platform: 'valorant', title: 'Radiant Valorant account' }, 0);
    ctx.clock.advance(61 * MIN);

    // Two sweeps, as the timer would run them; a failure of the sweep as a whole goes to the task's onError.
    for (let i = 0; i < 2; i++) await sendSavedSearchAlerts(ctx.deps).catch(() => undefined);

    const stuck = await ctx.db
      .selectFrom('savedSearches')
      .select('checkedAt')
      .where('userId', '=', stuckMember.id)
      .executeTakeFirstOrThrow();
    expect(stuck.checkedAt).toBe(stuckAt);
    expect((await ctx.mailsTo(member.email)).map((m) => m.subject)).toEqual(['A new listing for your search Valorant']);
  });

  it('still mails the searches of later batches when a quiet search in the first batch fails every time', async () => {
    const seller = await createUser(ctx, { role: 'seller' });
    const quietMember = await createUser(ctx);
    const member = await createUser(ctx);
    const t0 = ctx.clock.now();
    const stuckAt = t0 - 23;
    // Nothing new matches these: the batch moves them on together, the failing one among them.
    await save(quietMember.id, STUCK_QUIET, stuckAt);
    for (let i = 0; i < 120; i++) await save(quietMember.id, `platform=minecraft&minPrice=${i + 1}`, t0 - 10 + (i % 5));
    await save(member.id, 'platform=fortnite', t0);
    await refuseUpdatesOfRows(ctx.handle, 'saved_searches', 'query', STUCK_QUIET);
    ctx.clock.advance(MIN);
    await insertTestListing(ctx, seller.id, { platform: 'fortnite', title: 'Renegade Fortnite account' }, 0);
    ctx.clock.advance(61 * MIN);

    for (let i = 0; i < 2; i++) await sendSavedSearchAlerts(ctx.deps).catch(() => undefined);

    expect((await ctx.mailsTo(member.email)).map((m) => m.subject)).toEqual(['A new listing for your search Fortnite']);
  });
});
