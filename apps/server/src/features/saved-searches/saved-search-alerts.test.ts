import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestContext } from '../../test/test-app';
import { insertTestListing } from '../../test/listing-fixtures';
import { createCountingTestApp } from '../../test/statement-counter';
import { newId } from '../../lib/ids';
import type { UsersTable } from '../../db/schema';
import { sendSavedSearchAlerts } from './saved-search-alerts.service';

let ctx: TestContext;
let statements: { count: number };
beforeAll(async () => {
  ({ ctx, statements } = await createCountingTestApp());
});
afterAll(() => ctx.close());

const MIN = 60_000;
const MEMBERS = 300;

const saveAll = async (rows: Array<{ userId: string; query: string }>) => {
  const at = ctx.clock.now();
  const values = rows.map((r) => ({ id: newId(), ...r, createdAt: at, checkedAt: at }));
  for (let i = 0; i < values.length; i += 500)
    await ctx.db
      .insertInto('savedSearches')
      .values(values.slice(i, i + 500))
      .execute();
};
const dueCount = async () => {
  const { n } = await ctx.db
    .selectFrom('savedSearches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('checkedAt', '<', ctx.clock.now())
    .executeTakeFirstOrThrow();
  return Number(n);
};

describe('saved search alerts at scale', () => {
  it('one sweep looks at every due search, 3,000 of them, and mails each matching member once', async () => {
    const members: UsersTable[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(ctx));
    // Nine searches of their own each (nothing new matches them), and one shared by a hundred or two hundred members.
    await saveAll(
      members.flatMap((m, i) =>
        [
          ...Array.from({ length: 9 }, (_, j) => `platform=fortnite&minPrice=${i * 10 + j + 1}`),
          i < 100 ? 'platform=valorant' : 'platform=minecraft',
        ].map((query) => ({ userId: m.id, query })),
      ),
    );

    ctx.clock.advance(30 * MIN);
    // The first member's own listing is new for the other 99 who saved the search.
    await insertTestListing(ctx, members[0]!.id, { platform: 'valorant', title: 'Radiant Valorant account' }, 0);
    ctx.clock.advance(31 * MIN);
    await sendSavedSearchAlerts(ctx.deps);

    expect(await dueCount()).toBe(0);
    await ctx.deliverMail();
    const subjects = (i: number) => ctx.mailer.sent.filter((m) => m.to === members[i]!.email).map((m) => m.subject);
    expect(subjects(0)).toEqual([]);
    for (let i = 1; i < 100; i++)
      expect(subjects(i), `member ${i}`).toEqual(['A new listing for your search Valorant']);
    for (let i = 100; i < MEMBERS; i++) expect(subjects(i), `member ${i}`).toEqual([]);

    ctx.clock.advance(61 * MIN);
    await sendSavedSearchAlerts(ctx.deps);
    await ctx.deliverMail();
    expect(ctx.mailer.sent.filter((m) => m.subject.includes('Valorant'))).toHaveLength(99);
  }, 120_000);

  it('asks once a sweep whether anything is new for a search many members saved', async () => {
    await ctx.db.deleteFrom('savedSearches').execute();
    const members: UsersTable[] = [];
    for (let i = 0; i < 250; i++) members.push(await createUser(ctx));
    await saveAll(members.map((m) => ({ userId: m.id, query: 'q=ender%20dragon&platform=minecraft' })));
    ctx.clock.advance(61 * MIN);
    const before = statements.count;
    await sendSavedSearchAlerts(ctx.deps);
    // Three batches read, the search asked once (with its words), each batch moved on in one statement.
    expect(statements.count - before).toBeLessThan(20);
    expect(await dueCount()).toBe(0);
  });
});
