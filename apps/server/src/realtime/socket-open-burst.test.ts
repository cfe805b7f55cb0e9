import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, testEngine, userWithSession, type TestContext } from '../test/test-app';
import { connectSocket, type TestSocket } from '../test/test-socket';

/**
 * On PostgreSQL each socket takes its place in a transaction under its user's lock, holding a pool connection while
 * it waits: a burst of opens for one user must not queue more of them than the user may hold sockets.
 */
describe.runIf(testEngine === 'postgres')('a burst of socket opens for one user', () => {
  let ctx: TestContext;
  const placeCounts = { count: 0 };
  const countPlaceChecks: KyselyPlugin = {
    transformQuery: (args) => {
      const node = args.node as {
        kind: string;
        from?: { froms: Array<{ table?: { identifier?: { name: string } } }> };
      };
      if (node.kind === 'SelectQueryNode' && node.from?.froms[0]?.table?.identifier?.name === 'socket_leases')
        placeCounts.count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const open: TestSocket[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({}, { wrapDb: (db) => db.withPlugin(countPlaceChecks) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) await s.close();
    await ctx.close();
  });

  it('asks the database for at most 20 places and refuses the rest at once', async () => {
    const { session } = await userWithSession(ctx);
    const { port } = ctx.app.server.address() as { port: number };
    placeCounts.count = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const socket = await connectSocket(`ws://127.0.0.1:${port}/api/ws`, session.cookie);
        open.push(socket);
        return Promise.race([socket.next('hello').then(() => 'open'), socket.whenClosed().then((c) => c.code)]);
      }),
    );
    expect(outcomes.filter((o) => o === 'open')).toHaveLength(20);
    expect(outcomes.filter((o) => o !== 'open')).toEqual(Array(40).fill(4008));
    expect(placeCounts.count).toBeLessThanOrEqual(20);
  });
});
