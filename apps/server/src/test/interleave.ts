import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';

/**
 * Runs `between` once, after the first select (or, when asked, update) touching `table` returned and before the
 * request goes on: the interleaving of two requests made deterministic. The interleaved work uses a second connection.
 */
export class Interleave implements KyselyPlugin {
  private armed: { table: string; between: () => Promise<void>; kind: string } | null = null;
  private readonly hits = new WeakSet<QueryId>();
  arm(table: string, between: () => Promise<void>, statement: 'select' | 'update' = 'select') {
    this.armed = { table, between, kind: statement === 'select' ? 'SelectQueryNode' : 'UpdateQueryNode' };
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    if (this.armed && node.kind === this.armed.kind && JSON.stringify(node).includes(`"${this.armed.table}"`))
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
