import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseWrites } from '../../test/refused-writes';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { insertResetRequest } from './reset-requests.repository';
import { processResetRequests } from './reset-requests.service';

/**
 * A kept reset request whose link cannot be mailed (the address's mail is refused, every time) is logged and kept for
 * the next sweep: it must neither end the sweep nor hold back the requests after it, however many such come first.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the reset request sweep past requests it cannot work on', () => {
  it('mails the requests kept after more than a batch of failing ones', async () => {
    const stuck = await createUser(ctx);
    const user = await createUser(ctx);
    await refuseWrites(ctx.handle, 'mail_outbox', 'to', stuck.email, ['insert']);
    const now = ctx.clock.now();
    for (let i = 0; i < 80; i++) await insertResetRequest(ctx.db, stuck.email, now - 1000 + i);
    await insertResetRequest(ctx.db, user.email, now);

    expect(await processResetRequests(ctx.deps)).toBe(1);
    expect((await ctx.mailsTo(user.email)).map((m) => m.subject)).toEqual(['Reset your Accountry password']);
    // Each failing one is still kept, for the next sweep.
    const kept = await ctx.db.selectFrom('passwordResetRequests').select('email').execute();
    expect(kept.map((r) => r.email)).toEqual(kept.map(() => stuck.email));
    expect(kept).toHaveLength(80);
  });
});
