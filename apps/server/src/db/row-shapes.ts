/**
 * Row objects built by functions compiled once per column list, as object literals: V8 then creates every row with one
 * fixed shape. Adding the properties by name in a loop (`row[name] = value`) cost 0.8-1.0 µs a row of 20 columns in
 * the SQLite driver and 1.6 µs in Kysely's camelCase renaming; the literals about a tenth of that (decision 160).
 * Names come from the columns of the app's own SQL; each is written as a JSON string literal. `__proto__` (which a
 * literal would take for the prototype) is defined the slow way.
 */
export type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;
export type RowRenamer = (row: Record<string, unknown>) => Record<string, unknown>;

const PROTO = '__proto__';
const key = (name: string) => JSON.stringify(name);

/** Values in column order to one object; a repeated name keeps its last value (and its first position). */
export function rowBuilder(names: readonly string[]): RowBuilder {
  if (names.includes(PROTO)) return (values) => assignInOrder(names, (i) => values[i]);
  // Compiled from column names of the app's SQL, never from request input.
  return new Function('v', `return {${names.map((name, i) => `${key(name)}: v[${i}]`).join(', ')}};`) as RowBuilder;
}

/**
 * A row to a new object whose keys are `to[i]` for `from[i]`, each value passed through `value` (which may map nested
 * objects); a repeated target name keeps its last value, as assigning them in order would.
 */
export function rowRenamer(from: readonly string[], to: readonly string[], value: (v: unknown) => unknown): RowRenamer {
  if (to.includes(PROTO)) return (row) => assignInOrder(to, (i) => value(row[from[i]]));
  const fields = to.map((name, i) => `${key(name)}: f(r[${key(from[i])}])`).join(', ');
  // Compiled from column names of the app's SQL, never from request input.
  const build = new Function('f', 'r', `return {${fields}};`) as (f: typeof value, r: Record<string, unknown>) => never;
  return (row) => build(value, row);
}

function assignInOrder(names: readonly string[], valueAt: (i: number) => unknown) {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) Object.defineProperty(out, names[i], defined(valueAt(i)));
  return out;
}

const defined = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  enumerable: true,
  configurable: true,
});
