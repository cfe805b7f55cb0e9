import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { rowRenamer, type RowRenamer } from './row-shapes';

/** Distinct column lists kept; statements are finite, so this bounds only a runaway of ad-hoc queries. */
const MAX_SHAPES = 2000;

/**
 * Kysely's CamelCasePlugin, with the rows of a result renamed by a function compiled once per column list
 * (db/row-shapes.ts) instead of key by key. The rows of one result share their columns (one statement made them).
 * Queries are rewritten to snake_case as the plugin does; a nested object or array is mapped by the plugin itself.
 */
export class CamelCaseRowsPlugin extends CamelCasePlugin {
  private readonly renamers = new Map<string, RowRenamer>();

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    if (!Array.isArray(rows) || rows.length === 0) return super.transformResult(args);
    const rename = this.renamerFor(Object.keys(rows[0]));
    return { ...args.result, rows: rows.map(rename) };
  }

  private renamerFor(columns: string[]) {
    const id = JSON.stringify(columns);
    let rename = this.renamers.get(id);
    if (!rename) {
      if (this.renamers.size >= MAX_SHAPES) this.renamers.clear();
      const nested = (value: unknown) =>
        value !== null && typeof value === 'object' ? this.mapRow({ value }).value : value;
      rename = rowRenamer(
        columns,
        columns.map((c) => this.camelCase(c)),
        nested,
      );
      this.renamers.set(id, rename);
    }
    return rename;
  }
}
