import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Interleave } from '../../test/interleave';
import { someoneWaitsOnLock } from '../../test/lock-waits';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, createPeerApp, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { uniqueEmail } from './auth-test-helpers';

// Two processes at once: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
useRaceTestApp((race) => ({ ctx, interleave } = race), { PUBLIC_URL: 'https://market.example' });

type Member = Awaited<ReturnType<typeof userWithSession>>;
const ask = (app: TestContext['app'], m: Member, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/profile/email',
    headers: m.session.headers,
    payload: { email, password: TEST_PASSWORD },
  });
const openLinks = (userId: string) =>
  ctx.db
    .selectFrom('authTokens')
    .select('newEmail')
    .where('userId', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('usedAt', 'is', null)
    .execute();
/** Until the second process has made its link, or waits for a lock the first one holds. */
async function untilLinkedOrWaiting(userId: string, email: string) {
  for (;;) {
    if ((await openLinks(userId)).some((l) => l.newEmail === email)) return;
    if (await someoneWaitsOnLock(ctx.db)) return;
    await sleep(20);
  }
}

describe.runIf(pg)('two asks to change the address, on two processes', () => {
  it('leaves only the later ask’s link open, whichever process makes its link last', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const member = await userWithSession(ctx, 'buyer');
      const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
      let later: ReturnType<typeof ask> | undefined;
      // The first ask has answered, and its process is about to make its link; the second ask comes to another one.
      interleave.arm('auth_tokens', async () => {
        later = ask(peer.app, member, second);
        await untilLinkedOrWaiting(member.user.id, second);
      });
      expect((await ask(ctx.app, member, first)).statusCode).toBe(200);
      for (let i = 0; !later && i < 100; i++) await sleep(20);
      expect((await later!).statusCode).toBe(200);
      for (let i = 0; i < 100 && !(await openLinks(member.user.id)).some((l) => l.newEmail === second); i++)
        await sleep(20);
      await ctx.mailsTo(first);

      expect(await openLinks(member.user.id)).toEqual([{ newEmail: second }]);
    } finally {
      await peer.close();
    }
  });
});
