import { CompiledQuery, type Compilable } from 'kysely';
import type { Database } from '../db/database';

/** A node of PostgreSQL's `explain (analyze, format json)` plan, as far as the plan tests read it. */
export interface PgPlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PgPlanNode[];
}

/** Run the query under `explain (analyze, format json)` and return its plan's root node. */
export async function pgAnalyzedPlan(db: Database, query: Compilable) {
  const compiled = query.compile();
  const explain = CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]);
  const [row] = (await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlanNode }] }>(explain)).rows;
  return row!['QUERY PLAN'][0].Plan;
}

/** Every row the plan read from the table, kept or filtered out, over all its loops. */
export const rowsReadFrom = (node: PgPlanNode, table: string): number =>
  (node['Relation Name'] === table
    ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
    : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, table), 0);
