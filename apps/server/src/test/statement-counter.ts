import type { KyselyPlugin } from 'kysely';
import { createTestApp, createUser, signInAs } from './test-app';

/**
 * A plugin counting the statements run through the handles it is added to (`db.withPlugin(counter.plugin)`), as their
 * results arrive: a prepared statement is compiled, and so transformed, only once.
 */
export function statementCounter() {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        counter.count++;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return counter;
}

/** A test app whose database counts the statements it runs (the caches' tests count what a request runs). */
export async function createCountingTestApp(env: Record<string, string> = {}) {
  const statements = statementCounter();
  const ctx = await createTestApp(env, { wrapDb: (db) => db.withPlugin(statements.plugin) });
  return { ctx, statements };
}

/** The same, with a seller and a signed-in buyer. */
export async function countingAppWithBuyer(env: Record<string, string> = {}) {
  const { ctx, statements } = await createCountingTestApp(env);
  const sellerId = (await createUser(ctx, { role: 'seller' })).id;
  const buyerId = (await createUser(ctx, { role: 'buyer' })).id;
  return { ctx, statements, sellerId, buyerId, buyer: await signInAs(ctx, buyerId) };
}
