import { describe, expect, it } from 'vitest';
import { untilLockWaitOr } from '../../test/lock-waits';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, createPeerApp, testEngine, userWithSession, type TestContext } from '../../test/test-app';
import { mailedSetupCode, nextCode, twoFactorCall } from '../../test/two-factor-helpers';
import { enableTwoFactor } from '../auth/two-factor.service';

// Races between connections: SQLite's one connection already runs one transaction at a time.
const pg = testEngine === 'postgres';
let interleave: Interleave;
let ctx: TestContext;
useRaceTestApp((race) => ({ ctx, interleave } = race), { PUBLIC_URL: 'https://market.example' });

describe.runIf(pg)('support turning two-factor sign-in off while the member turns it on', () => {
  it('one waits for the other: it ends off, and neither request fails', async () => {
    const peer = await createPeerApp(ctx);
    try {
      const admin = await userWithSession(ctx, 'admin');
      const m = await userWithSession(ctx, 'buyer');
      const setup = await twoFactorCall(ctx, m.session, '/setup', { password: TEST_PASSWORD });
      const { secret } = setup.json() as { secret: string };
      const emailCode = await mailedSetupCode(ctx, m.user.email);
      const { id: sessionId } = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('userId', '=', m.user.id)
        .executeTakeFirstOrThrow();
      let support: Promise<{ statusCode: number }> | undefined;
      // Turning on has its locks and reads its session; support's request starts on another process now.
      interleave.arm('sessions', async () => {
        support = peer.app.inject({
          method: 'POST',
          url: `/api/admin/users/${m.user.id}/two-factor/disable`,
          payload: { reason: 'Showed their ID on a video call' },
          headers: admin.session.headers,
        });
        await untilLockWaitOr(ctx.db, support);
      });
      const code = nextCode(ctx, secret);
      const on = await enableTwoFactor(ctx.deps, m.user, sessionId, { code, emailCode }, '10.9.9.9');
      expect(on.recoveryCodes).toHaveLength(10);
      expect((await support!).statusCode).toBe(200);
      expect(await ctx.db.selectFrom('twoFactor').select('userId').where('userId', '=', m.user.id).execute()).toEqual(
        [],
      );
    } finally {
      await peer.close();
    }
  });
});
