import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { signInAs, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { hashToken } from '../../sessions/sessions.service';
import { endOtherSession } from './end-session.service';

/**
 * Signing out one device while something else ends a session of the account: the other work runs on a second
 * connection, as another process would, after the request has read the device it is to end.
 */
let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const listed = async (session: Session) =>
  (await ctx.app.inject({ url: '/api/auth/sessions', headers: { cookie: session.cookie } })).json().sessions as Array<{
    id: string;
    current: boolean;
  }>;
const endDevice = (session: Session, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: session.headers });
const tokenOf = (session: Session) => /sid=([^;]+)/.exec(session.cookie)![1];
const sessionIds = async (userId: string) =>
  (await ctx.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute()).map((r) => r.id).sort();
const eventKinds = async (userId: string) =>
  (await ctx.db.selectFrom('accountEvents').select('kind').where('userId', '=', userId).execute()).map((e) => e.kind);

describe('signing out one device, raced', () => {
  it('two devices signing each other out: the one ended first cannot end the other after', async () => {
    const { user, session: desktop } = await userWithSession(ctx);
    const phone = await signInAs(ctx, user.id);
    const phoneId = (await listed(desktop)).find((s) => !s.current)!.id;
    const desktopId = (await listed(phone)).find((s) => !s.current)!.id;
    // The desktop's request is past its session check (the cache answered it) when the phone ends the desktop.
    let phoneEnded: string | undefined;
    interleave.arm('sessions', async () => {
      phoneEnded = await endOtherSession(
        { ...ctx.deps, db: second },
        user,
        hashToken(tokenOf(phone)),
        desktopId,
        {},
      ).then(
        () => 'ended',
        (e: Error) => e.message,
      );
    });
    const res = await endDevice(desktop, phoneId);
    expect(phoneEnded).toBe('ended');
    expect(res.statusCode).toBe(401);
    expect(await sessionIds(user.id)).toEqual([hashToken(tokenOf(phone))]);
    expect(await eventKinds(user.id)).toEqual(['signed_out_device']);
  });

  it('a device that signs out while it is being ended: 404, and no event is recorded', async () => {
    const { user, session: desktop } = await userWithSession(ctx);
    const phone = await signInAs(ctx, user.id);
    const phoneId = (await listed(desktop)).find((s) => !s.current)!.id;
    interleave.arm('sessions', async () => {
      await second.db
        .deleteFrom('sessions')
        .where('id', '=', hashToken(tokenOf(phone)))
        .execute();
    });
    const res = await endDevice(desktop, phoneId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('That device is not signed in to your account.');
    expect(await sessionIds(user.id)).toEqual([hashToken(tokenOf(desktop))]);
    expect(await eventKinds(user.id)).toEqual([]);
  });
});
