import { CamelCasePlugin, type PluginTransformResultArgs, type QueryId, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowBuilder, rowRenamer } from './row-shapes';
import { CamelCaseRowsPlugin } from './camel-case-rows';

/** What assigning the values one by one builds: the behaviour the compiled builders must keep. */
function assigned(names: string[], values: unknown[]) {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) =>
    Object.defineProperty(out, name, { value: values[i], writable: true, enumerable: true, configurable: true }),
  );
  return out;
}

describe('row builders compiled per column list', () => {
  it('builds one property per column, in order', () => {
    const row = rowBuilder(['id', 'title', 'price'])(['a', 'First', 100]);
    expect(row).toEqual({ id: 'a', title: 'First', price: 100 });
    expect(Object.keys(row)).toEqual(['id', 'title', 'price']);
  });

  it('keeps the last value of a repeated name at its first position', () => {
    const names = ['id', 'extra', 'id'];
    const row = rowBuilder(names)(['a', 'z', 'b']);
    expect(row).toEqual({ id: 'b', extra: 'z' });
    expect(Object.keys(row)).toEqual(['id', 'extra']);
    expect(row).toEqual(assigned(names, ['a', 'z', 'b']));
  });

  it('takes any column name literally: quotes, backslashes, line breaks, code, non-Latin letters', () => {
    const names = ['a"b', "c'd", 'e\\f', 'g\nh', '}; throw new Error("x"); ({', 'цена', '', 'constructor', 'toString'];
    const values = names.map((_, i) => i);
    const row = rowBuilder(names)(values);
    expect(Object.keys(row)).toEqual(names);
    expect(row).toEqual(assigned(names, values));
  });

  it('builds a column named __proto__ as an own property, leaving the prototype alone', () => {
    const row = rowBuilder(['id', '__proto__'])(['a', { polluted: true }]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['id', '__proto__']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    const renamed = rowRenamer(['x', 'y'], ['id', '__proto__'], (v) => v)(row);
    expect(Object.getPrototypeOf(renamed)).toBe(Object.prototype);
    expect(Object.keys(renamed)).toEqual(['id', '__proto__']);
  });

  it('renames a row key by key, passing each value through the given function', () => {
    const rename = rowRenamer(['first_name', 'n'], ['firstName', 'n'], (v) => (typeof v === 'number' ? v * 2 : v));
    expect(rename({ first_name: 'Ada', n: 21 })).toEqual({ firstName: 'Ada', n: 42 });
  });
});

describe('CamelCaseRowsPlugin', () => {
  const result = (rows: UnknownRow[]): PluginTransformResultArgs => ({
    queryId: { queryId: 'q' } as QueryId,
    result: { rows },
  });
  const rows = (): UnknownRow[] => [
    { user_id: 'u1', display_name: 'Ada', created_at: 1, is_2fa: 1, meta: { last_seen: 2, tags: [{ tag_name: 'x' }] } },
    { user_id: 'u2', display_name: 'Bob', created_at: 3, is_2fa: 0, meta: null },
    { user_id: 'u3', display_name: 'Cy', created_at: 4, is_2fa: 0, meta: [{ deep_key: { inner_key: 1 } }, 5] },
  ];

  it('returns what Kysely`s CamelCasePlugin returns, nested objects and arrays included, key order kept', async () => {
    const ours = await new CamelCaseRowsPlugin().transformResult(result(rows()));
    const kysely = await new CamelCasePlugin().transformResult(result(rows()));
    expect(ours).toEqual(kysely);
    expect(ours.rows.map((r) => Object.keys(r))).toEqual(kysely.rows.map((r) => Object.keys(r)));
    expect(ours.rows[0]).toEqual({
      userId: 'u1',
      displayName: 'Ada',
      createdAt: 1,
      is2fa: 1,
      meta: { lastSeen: 2, tags: [{ tagName: 'x' }] },
    });
  });

  it('keeps buffers and dates as they are, and a result without rows as Kysely does', async () => {
    const blob = Buffer.from('abc');
    const when = new Date(0);
    const ours = await new CamelCaseRowsPlugin().transformResult(result([{ file_data: blob, taken_at: when }]));
    expect(ours.rows[0].fileData).toBe(blob);
    expect(ours.rows[0].takenAt).toBe(when);
    const empty = { queryId: { queryId: 'q' } as QueryId, result: { rows: [], numAffectedRows: 2n } };
    expect(await new CamelCaseRowsPlugin().transformResult(empty)).toEqual(
      await new CamelCasePlugin().transformResult(empty),
    );
  });

  it('renames each column list with its own compiled function', async () => {
    const plugin = new CamelCaseRowsPlugin();
    expect((await plugin.transformResult(result([{ a_b: 1 }]))).rows).toEqual([{ aB: 1 }]);
    expect((await plugin.transformResult(result([{ c_d: 2, a_b: 3 }]))).rows).toEqual([{ cD: 2, aB: 3 }]);
    expect((await plugin.transformResult(result([{ a_b: 4 }]))).rows).toEqual([{ aB: 4 }]);
  });
});
