import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';

/**
 * Runs `between` once, after the first query touching `table` returned and before the request goes on: the
 * interleaving of two requests made deterministic. The interleaved work uses a second connection.
 */
export class Interleave implements KyselyPlugin {
  private armed: { table: string; between: () => Promise<void> } | null = null;
  private readonly hits = new WeakSet<QueryId>();
  arm(table: string, between: () => Promise<void>) {
    this.armed = { table, between };
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (this.armed && node.kind === 'SelectQueryNode' && JSON.stringify(node).includes(`"${this.armed.table}"`))
      this.hits.add(queryId);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    if (this.armed && this.hits.has(queryId)) {
      const { between } = this.armed;
      this.armed = null;
      await between();
    }
    return result;
  }
}
