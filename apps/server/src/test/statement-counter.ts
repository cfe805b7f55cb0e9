import type { KyselyPlugin } from 'kysely';

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
