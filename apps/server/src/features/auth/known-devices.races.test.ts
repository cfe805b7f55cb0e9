import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, createPeerApp, createUser, testEngine, type TestContext } from '../../test/test-app';
import { freshIp } from './auth-test-helpers';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
useRaceTestApp((race) => ({ ctx, interleave } = race), { PUBLIC_URL: 'https://market.example' });

const signIn = (app: TestContext['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: freshIp(),
  });

describe.runIf(pg)('two browsers signing in to an account for the first time at once', () => {
  it('one of them is the first; the other is mailed about', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const user = await createUser(ctx, { role: 'buyer' });
      let other: ReturnType<typeof signIn> | undefined;
      // The first sign-in has read the account's browsers (none); the second starts on another process now.
      interleave.arm('known_devices', async () => {
        other = signIn(peer.app, user.email);
        await untilLockWaitOr(ctx.db, other);
      });
      expect((await signIn(ctx.app, user.email)).statusCode).toBe(200);
      expect((await other!).statusCode).toBe(200);
      const mails = (await ctx.mailsTo(user.email)).filter(
        (m) => m.subject === 'New sign-in to your Accountry account',
      );
      expect(mails).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });
});
