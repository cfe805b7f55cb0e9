import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { KEYED_TABLES, writtenKeys, type WriteKeys } from './write-keys';

/** Tables a committed write changed, each with the columns it set, or null when any column may have changed. */
export type TableWrites = Map<string, Set<string> | null>;
/** A committed write's tables, and for the keyed ones (db/write-keys.ts) the keys of the rows it touched. */
export type WriteListener = (writes: TableWrites, keys: WriteKeys) => void;

const WRITE_TARGET =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a statement writes; null for a statement that writes nothing. Raw SQL is read by its text. */
export function tablesWritten(compiled: CompiledQuery): TableWrites | null {
  const text = compiled.sql;
  // Reads are nearly every statement: one look at the first word settles them.
  if (/^\s*select\b/i.test(text)) return null;
  let writes: TableWrites | null = null;
  for (const m of text.matchAll(WRITE_TARGET)) {
    const table = m[1].toLowerCase();
    if (table === 'set') continue; // "on conflict … do update set": the insert's own table was already found
    writes ??= new Map();
    writes.set(table, null);
  }
  if (writes && writes.size === 1 && compiled.query.kind === 'UpdateQueryNode' && !compiled.query.from) {
    const [table] = writes.keys();
    const columns = (compiled.query.updates ?? []).map((u) => {
      const node = u.column as { kind: string; column?: { name?: string } };
      return node.kind === 'ColumnNode' ? node.column?.name : undefined;
    });
    if (columns.every((c): c is string => typeof c === 'string')) writes.set(table, new Set(columns));
  }
  return writes;
}

/**
 * Whether a write of one table changed no row (the driver's count says 0): a sweep that found nothing due must not
 * clear every cache built on the table. A statement writing several tables (data-modifying CTEs) counts only its last
 * one's rows, and a statement without a count (SQLite's RETURNING) may have changed some: both are reported.
 */
const changedNothing = (writes: TableWrites, result: QueryResult<unknown>) =>
  writes.size === 1 && result.numAffectedRows === 0n;

/** The keys of the rows a statement touched in each keyed table it wrote (any, when it wrote several tables). */
function keysWritten(compiled: CompiledQuery, writes: TableWrites): WriteKeys {
  const keys: WriteKeys = new Map();
  for (const table of writes.keys()) {
    const column = KEYED_TABLES.get(table);
    if (column) keys.set(table, writes.size === 1 ? writtenKeys(compiled, column) : null);
  }
  return keys;
}

function mergeKeys(into: WriteKeys, from: WriteKeys) {
  for (const [table, keys] of from) {
    const had = into.get(table);
    if (had === null || keys === null) into.set(table, null);
    else into.set(table, new Set([...(had ?? []), ...keys]));
  }
}

function merge(into: TableWrites, from: TableWrites) {
  for (const [table, columns] of from) {
    const had = into.get(table);
    if (had === null || columns === null) into.set(table, null);
    else into.set(table, new Set([...(had ?? []), ...columns]));
  }
}

/** A connection that remembers what its open transaction wrote, reported once the transaction commits. */
class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  pending: TableWrites = new Map();
  pendingKeys: WriteKeys = new Map();
  constructor(
    readonly inner: DatabaseConnection,
    private readonly report: WriteListener,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const writes = tablesWritten(compiled);
    if (writes && !changedNothing(writes, result)) {
      const keys = keysWritten(compiled, writes);
      if (this.inTransaction) {
        merge(this.pending, writes);
        mergeKeys(this.pendingKeys, keys);
      } else this.report(writes, keys);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

/**
 * Kysely's driver, reporting every committed write's tables to a listener after the commit (never before it: a
 * reader that sees the report and reads again must find the new rows). Caches of derived replies hang off this
 * instead of every place that writes (decision 145).
 */
class TrackingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, TrackedConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly report: WriteListener,
  ) {
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) this.wrappers.set(connection, (wrapper = new TrackedConnection(connection, this.report)));
    return wrapper;
  }
  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(unwrap(c), settings);
    tracked(c).inTransaction = true;
  }
  async commitTransaction(c: DatabaseConnection) {
    const t = tracked(c);
    try {
      await this.inner.commitTransaction(t.inner);
    } finally {
      t.inTransaction = false;
    }
    const [writes, keys] = [t.pending, t.pendingKeys];
    t.pending = new Map();
    t.pendingKeys = new Map();
    if (writes.size) this.report(writes, keys);
  }
  async rollbackTransaction(c: DatabaseConnection) {
    const t = tracked(c);
    t.inTransaction = false;
    t.pending = new Map();
    t.pendingKeys = new Map();
    await this.inner.rollbackTransaction(t.inner);
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(c));
  }
  destroy() {
    return this.inner.destroy();
  }
}

const tracked = (c: DatabaseConnection) => c as TrackedConnection;
const unwrap = (c: DatabaseConnection) => (c instanceof TrackedConnection ? c.inner : c);

/** The dialect with its driver wrapped so committed writes reach `report`. */
export function trackingDialect(inner: Dialect, report: WriteListener): Dialect {
  return {
    createDriver: (): Driver => new TrackingDriver(inner.createDriver(), report),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createAdapter: (): DialectAdapter => inner.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => inner.createIntrospector(db),
  };
}

/** Listeners for committed writes on one database; a listener that throws cannot fail the write that was reported. */
export class WriteFeed {
  private readonly listeners = new Set<WriteListener>();
  constructor(private readonly logError: (err: unknown) => void = (err) => console.error('write listener', err)) {}
  readonly report: WriteListener = (writes, keys) => {
    for (const listener of this.listeners) {
      try {
        listener(writes, keys);
      } catch (err) {
        this.logError(err);
      }
    }
  };
  onWrite(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
