import type { CompiledQuery, OperationNode } from 'kysely';

/**
 * Tables whose committed writes are reported with the keys of the rows they touched, by this (snake_case) column:
 * caches kept per member clear only that member's entry (decision 157).
 */
export const KEYED_TABLES: ReadonlyMap<string, string> = new Map([['favorites', 'user_id']]);

/** For each keyed table written, the keys of the rows it touched, or null when they could be any. */
export type WriteKeys = Map<string, Set<string> | null>;

type Node = OperationNode & Record<string, unknown>;

const columnName = (node: unknown) => {
  const n = node as Node | undefined;
  const column = (n?.kind === 'ReferenceNode' ? n.column : n) as Node | undefined;
  return column?.kind === 'ColumnNode' ? (column.column as { name?: string }).name : undefined;
};

/** The string in a value node, or undefined for anything else. */
const stringValue = (node: unknown) => {
  const n = node as Node | undefined;
  return n?.kind === 'ValueNode' && typeof n.value === 'string' ? n.value : undefined;
};

/** The keys an insert's rows give the column; null when it inserts from a select or leaves the column out. */
function insertedKeys(node: Node, column: string): Set<string> | null {
  const at = ((node.columns as unknown[] | undefined) ?? []).findIndex((c) => columnName(c) === column);
  const values = node.values as Node | undefined;
  if (at < 0 || values?.kind !== 'ValuesNode') return null;
  const keys = new Set<string>();
  for (const row of values.values as Node[]) {
    const cell =
      row.kind === 'PrimitiveValueListNode'
        ? (row.values as unknown[])[at]
        : stringValue((row.values as unknown[])[at]);
    if (typeof cell !== 'string') return null;
    keys.add(cell);
  }
  return keys;
}

/** The keys a where clause pins the column to (`= key` or `in (keys)` among its "and"s); null when it does not. */
function whereKeys(where: unknown, column: string): Set<string> | null {
  const n = where as Node | undefined;
  if (n?.kind === 'AndNode') return whereKeys(n.left, column) ?? whereKeys(n.right, column);
  if (n?.kind === 'ParensNode') return whereKeys(n.node, column);
  if (n?.kind !== 'BinaryOperationNode' || columnName(n.leftOperand) !== column) return null;
  const operator = (n.operator as { operator?: string }).operator;
  const right = n.rightOperand as Node;
  if (operator === '=') {
    const key = stringValue(right);
    return key === undefined ? null : new Set([key]);
  }
  if (operator === 'in' && right.kind === 'PrimitiveValueListNode') {
    const keys = right.values as unknown[];
    return keys.every((k) => typeof k === 'string') ? new Set(keys as string[]) : null;
  }
  return null;
}

/** The keys of the rows a statement writing one keyed table touched; null when they could be any. */
export function writtenKeys(compiled: CompiledQuery, column: string): Set<string> | null {
  const node = compiled.query as unknown as Node;
  if (node.kind === 'InsertQueryNode') return insertedKeys(node, column);
  if (node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
    // A join, an update's "from" or a delete's "using" could reach rows the where clause does not name.
    if (node.joins || node.using || node.with || (node.kind === 'UpdateQueryNode' && node.from)) return null;
    return whereKeys((node.where as Node | undefined)?.where, column);
  }
  return null;
}
