import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ManualClock } from '../lib/clock';
import { createTestDatabase, createUser } from '../test/test-app';
import type { DatabaseHandle } from './database';
import { blockEitherWay } from './member-blocks';

let handle: DatabaseHandle;
const clock = new ManualClock();
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

it('finds a block either way between two members, given as values, columns or raw text, and no other', async () => {
  const db = handle.db;
  const [blocker, blocked, other] = [
    await createUser({ db, clock }),
    await createUser({ db, clock }),
    await createUser({ db, clock }),
  ];
  await db.insertInto('userBlocks').values({ blockerId: blocker.id, blockedId: blocked.id, createdAt: 1 }).execute();

  const asValues = async (a: string, b: string) =>
    Boolean((await db.selectNoFrom(blockEitherWay(a, b).as('blocked')).executeTakeFirstOrThrow()).blocked);
  expect(await asValues(blocker.id, blocked.id)).toBe(true);
  expect(await asValues(blocked.id, blocker.id)).toBe(true);
  expect(await asValues(blocker.id, other.id)).toBe(false);
  expect(await asValues(other.id, blocked.id)).toBe(false);

  // Columns of the query it goes into, as the browse query and the conversation statements pass them.
  const inBlockWith = (memberId: string) =>
    db
      .selectFrom('users as u')
      .select('u.id')
      .where((eb) => blockEitherWay(memberId, eb.ref('u.id')))
      .execute();
  expect((await inBlockWith(blocked.id)).map((r) => r.id)).toEqual([blocker.id]);
  expect(await inBlockWith(other.id)).toEqual([]);

  // Raw text with the parties as SQL, as the chat's prepared statements take it.
  const asText = (a: string, b: string) =>
    sql<{ blocked: unknown }>`select ${blockEitherWay(sql.raw<string>(`'${a}'`), sql.raw<string>(`'${b}'`))} as blocked`
      .execute(db)
      .then((r) => Boolean(r.rows[0]!.blocked));
  expect(await asText(blocked.id, blocker.id)).toBe(true);
  expect(await asText(other.id, blocker.id)).toBe(false);
});
