import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindableSqlite } from './sqlite-values';

let raw: SQLite.Database;
let wrapped: SQLite.Database;
beforeEach(() => {
  raw = new SQLite(':memory:');
  raw.exec(`create table items (id text primary key, title text, price integer, active integer, note text);
    insert into items values ('a', 'First', 100, 1, null), ('b', 'Second', 250, 0, 'x');`);
  wrapped = bindableSqlite(raw);
});
afterEach(() => raw.close());

/** What better-sqlite3 returns for the statement on its own connection, with its own row objects. */
const plain = (source: string, ...args: unknown[]) => raw.prepare(source).all(...args);

describe('SQLite statements through the app wrapper', () => {
  it('returns the rows better-sqlite3 builds, keys in column order, from all, get and iterate', () => {
    const source = 'select id, title, price, active, note from items where price > ? order by id';
    const expected = plain(source, 0);
    const all = wrapped.prepare(source).all(0) as object[];
    expect(all).toEqual([
      { id: 'a', title: 'First', price: 100, active: 1, note: null },
      { id: 'b', title: 'Second', price: 250, active: 0, note: 'x' },
    ]);
    expect(all).toEqual(expected);
    expect(all.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row as object)));
    expect(wrapped.prepare(source).get(200)).toEqual(expected[1]);
    expect([...wrapped.prepare(source).iterate(0)]).toEqual(expected);
  });

  it('answers undefined from get and nothing from all when no row matches', () => {
    const stmt = wrapped.prepare('select id from items where id = ?');
    expect(stmt.get('none')).toBeUndefined();
    expect(stmt.all('none')).toEqual([]);
  });

  it('keeps the last value of a repeated column name, as better-sqlite3 does', () => {
    const source = "select id, title as id, 'z' as extra from items order by 1";
    expect(wrapped.prepare(source).all()).toEqual(plain(source));
    expect(wrapped.prepare(source).all()).toEqual([
      { id: 'First', extra: 'z' },
      { id: 'Second', extra: 'z' },
    ]);
  });

  it('returns a new column of `select *` after the table changes, though the statement is kept', () => {
    const source = 'select * from items order by id';
    expect(Object.keys(wrapped.prepare(source).get() as object)).toEqual(['id', 'title', 'price', 'active', 'note']);
    raw.exec("alter table items add column seller text not null default 's1'");
    expect(wrapped.prepare(source).get()).toEqual({
      id: 'a',
      title: 'First',
      price: 100,
      active: 1,
      note: null,
      seller: 's1',
    });
  });

  it('names the columns anew after a column is renamed through the connection', () => {
    const source = 'select * from items order by id';
    expect(wrapped.prepare(source).get()).toHaveProperty('title', 'First');
    wrapped.prepare('alter table items rename column title to name').run();
    expect(wrapped.prepare(source).get()).toEqual({ id: 'a', name: 'First', price: 100, active: 1, note: null });
  });

  it('binds booleans as 0 and 1 in writes and reads, and still counts the changes of a write', () => {
    const insert = wrapped.prepare('insert into items (id, title, price, active) values (?, ?, ?, ?)');
    expect(insert.run('c', 'Third', 10, true).changes).toBe(1);
    expect(wrapped.prepare('select id from items where active = ? order by id').all(true)).toEqual([
      { id: 'a' },
      { id: 'c' },
    ]);
    expect(wrapped.prepare('select id from items where id in (?, ?)').all(['a', 'b'])).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });
});
