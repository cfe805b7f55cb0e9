import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  notNull: boolean;
  hasDefault: boolean;
  type: string;
  typeSchema: string;
  comment: string | null;
  autoIncrementing: boolean;
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema in the database and resolves each column's
 * sequence by the table's name: a schema another process dropped during that read failed this one's migration
 * ("schema … does not exist"), and the read grew with every other schema. This one reads the connection's own schema
 * (its search path's first, where it creates tables) and finds sequences by object ids, which cannot fail that way.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  getSchemas() {
    return new PostgresIntrospector(this.db).getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as "table", c.relkind as kind, a.attname as "column", a.attnotnull as "notNull",
        a.atthasdef as "hasDefault", typ.typname as type, tns.nspname as "typeSchema",
        col_description(c.oid, a.attnum) as comment,
        exists (select 1 from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.refobjid = c.oid and d.refobjsubid = a.attnum and d.deptype in ('a', 'i')) as "autoIncrementing"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && internal.has(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, isView: r.kind === 'v', schema: r.schema, columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.typeSchema,
        isAutoIncrementing: r.autoIncrementing,
        isNullable: !r.notNull,
        hasDefaultValue: r.hasDefault,
        ...(r.comment === null ? {} : { comment: r.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely's dialect has it, introspecting the connection's own schema only. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
