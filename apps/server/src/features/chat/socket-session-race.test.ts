import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS } from '@accountry/shared/chat';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { createPeerApp, signInAs, userWithSession } from '../../test/test-app';
import { injectSocket, type TestSocket } from '../../test/test-socket';
import { clientId, openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';

// A socket whose upgrade read its session just before the session ended must not outlive it. The ending runs on a
// second app (another process, its own connection) while the upgrade's session lookup has returned.
let race: RaceTestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
useRaceTestApp((r) => (race = r));
beforeAll(async () => {
  peer = await createPeerApp(race.ctx);
});
afterAll(() => peer.close());

/** How the server closed the socket, or null if it was still open after `ms`. */
const closedWithin = (socket: TestSocket, ms: number) =>
  Promise.race([socket.whenClosed(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/** A session that ends while its socket is being opened: the end finds no socket yet, the socket must not outlive it. */
describe('a socket opened while its session ends', () => {
  it('does not stay open and send for a member an admin disabled meanwhile', async () => {
    const { ctx, interleave } = race;
    const admin = await userWithSession(ctx, 'admin');
    const seller = await userWithSession(ctx, 'seller');
    const buyer = await userWithSession(ctx, 'buyer');
    const listing = await insertListing(ctx, seller.user.id);
    const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
    // A session this process has not cached, so the upgrade reads it.
    const tab = await signInAs(ctx, buyer.user.id);
    let disabled = 0;
    interleave.arm('sessions', async () => {
      const res = await peer.app.inject({
        method: 'POST',
        url: `/api/admin/users/${buyer.user.id}/disable`,
        payload: {},
        headers: admin.session.headers,
      });
      disabled = res.statusCode;
    });
    const socket = await injectSocket(ctx.app, tab.cookie);
    // Before the fix it stayed open, and a message sent on it was stored and delivered as the disabled member's.
    socket.send(CHAT_EVENTS.send, { conversationId, clientId: clientId(), body: 'sent after my account was disabled' });
    expect(await closedWithin(socket, 2000)).toEqual({ code: 4001, reason: 'signed out' });
    expect(disabled).toBe(200);
    const stored = await ctx.db
      .selectFrom('messages')
      .select('body')
      .where('conversationId', '=', conversationId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('does not stay open after a sign-out that lands during the upgrade', async () => {
    const { ctx, interleave } = race;
    const { session } = await userWithSession(ctx, 'buyer');
    let signedOut = 0;
    interleave.arm('sessions', async () => {
      const res = await peer.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        payload: {},
        headers: session.headers,
      });
      signedOut = res.statusCode;
    });
    const socket = await injectSocket(ctx.app, session.cookie);
    expect(await closedWithin(socket, 2000)).toEqual({ code: 4001, reason: 'signed out' });
    expect(signedOut).toBe(204);
  });
});
