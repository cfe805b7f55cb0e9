import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  RootOperationNode,
} from 'kysely';

const NODE_KINDS = { select: 'SelectQueryNode', update: 'UpdateQueryNode', delete: 'DeleteQueryNode' } as const;

/**
 * Runs `between` once, after the first select (or, when asked, update or delete) touching `table` returned and before
 * the request goes on: the interleaving of two requests made deterministic. The interleaved work uses a second
 * connection.
 */
export class Interleave implements KyselyPlugin {
  private armed: { table: string; between: () => Promise<void>; kind: string } | null = null;
  // Every statement as compiled: a prepared one (db/prepared-query.ts) compiles once and runs with the same query id.
  private readonly compiled = new WeakMap<QueryId, RootOperationNode>();
  arm(table: string, between: () => Promise<void>, statement: 'select' | 'update' | 'delete' = 'select') {
    this.armed = { table, between, kind: NODE_KINDS[statement] };
  }
  /** Forget what was armed and did not run, so it cannot run in the next test. */
  disarm() {
    this.armed = null;
  }
  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    this.compiled.set(queryId, node);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    const node = this.armed && this.compiled.get(queryId);
    if (this.armed && node && node.kind === this.armed.kind && JSON.stringify(node).includes(`"${this.armed.table}"`)) {
      const { between } = this.armed;
      this.armed = null;
      await between();
    }
    return result;
  }
}
