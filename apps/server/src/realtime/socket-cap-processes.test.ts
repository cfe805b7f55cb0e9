import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, testEngine, userWithSession, type TestContext } from '../test/test-app';
import { connectSocket, type TestSocket } from '../test/test-socket';

/** The cap of sockets per user holds across server processes on one PostgreSQL database (SQLite serves one). */
describe.runIf(testEngine === 'postgres')('sockets per user across two processes', () => {
  let ctx: TestContext;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    peer = await createPeerApp(ctx);
  });
  afterAll(async () => {
    for (const s of open) await s.close();
    await peer.close();
    await ctx.close();
  });

  /** Opens a real socket and waits until the server either greeted it or closed it. */
  async function attempt(app: TestContext['app'], cookie: string) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const socket = await connectSocket(`ws://127.0.0.1:${port}/api/ws`, cookie);
    open.push(socket);
    const outcome = await Promise.race([socket.next('hello').then(() => 'open'), socket.whenClosed()]);
    return { socket, outcome };
  }
  const TOO_MANY = { code: 4008, reason: 'too many connections for this user' };

  it('counts the sockets a user holds on both processes against one cap of 20', async () => {
    const { user, session } = await userWithSession(ctx);
    const first: TestSocket[] = [];
    for (let i = 0; i < 20; i++) {
      const { socket, outcome } = await attempt(i % 2 ? peer.app : ctx.app, session.cookie);
      expect(outcome).toBe('open');
      first.push(socket);
    }
    expect((await attempt(peer.app, session.cookie)).outcome).toEqual(TOO_MANY);
    expect((await attempt(ctx.app, session.cookie)).outcome).toEqual(TOO_MANY);
    // A closed socket frees its place for a socket on the other process.
    await first[0].close();
    const rows = () => ctx.db.selectFrom('socketLeases').select('id').where('userId', '=', user.id).execute();
    await expect.poll(async () => (await rows()).length, { timeout: 5000 }).toBe(19);
    await expect.poll(async () => (await attempt(peer.app, session.cookie)).outcome).toBe('open');
  });

  it('a parallel burst over both processes opens exactly 20 sockets', async () => {
    const { session } = await userWithSession(ctx);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(i % 2 ? peer.app : ctx.app, session.cookie)),
    );
    expect(outcomes.filter((o) => o.outcome === 'open')).toHaveLength(20);
    expect(outcomes.filter((o) => o.outcome !== 'open').map((o) => o.outcome)).toEqual(Array(10).fill(TOO_MANY));
  });

  it('a process that stops frees its places at once; a crashed one’s once it is no longer heard from', async () => {
    const { user, session } = await userWithSession(ctx);
    const stopping = await createPeerApp(ctx);
    for (let i = 0; i < 20; i++) expect((await attempt(stopping.app, session.cookie)).outcome).toBe('open');
    expect((await attempt(ctx.app, session.cookie)).outcome).toEqual(TOO_MANY);
    await stopping.close();
    expect((await attempt(ctx.app, session.cookie)).outcome).toBe('open');

    // What a crashed process leaves behind: its rows, no longer refreshed by its heartbeat.
    const crashed = Array.from({ length: 19 }, (_, i) => ({
      id: `crashed-${user.id}-${i}`,
      userId: user.id,
      processId: 'crashed',
      seenAt: ctx.clock.now(),
    }));
    await ctx.db.insertInto('socketLeases').values(crashed).execute();
    expect((await attempt(ctx.app, session.cookie)).outcome).toEqual(TOO_MANY);
    ctx.clock.advance(3 * 30_000 + 1);
    await ctx.deps.hub.heartbeat();
    expect((await attempt(ctx.app, session.cookie)).outcome).toBe('open');
  });
});
