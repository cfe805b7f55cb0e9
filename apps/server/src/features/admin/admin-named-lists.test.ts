import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, createUser, testEngine, type TestContext } from '../../test/test-app';
import { listUsers } from './admin-users.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  for (let i = 0; i < 3; i++) await createUser(ctx, { email: `named${i}@example.test` });
});
afterAll(() => ctx.close());

it.runIf(testEngine === 'postgres')(
  'runs an admin list page as a statement PostgreSQL plans once per connection, whatever its values',
  async () => {
    await ctx.db.connection().execute(async (connection) => {
      const kept = async () =>
        (
          await sql<{ name: string }>`select name from pg_prepared_statements
            where statement like '%"deleted_users"%' and statement like '%"users"."created_at"%'`.execute(connection)
        ).rows.map((r) => r.name);
      expect(await kept()).toEqual([]);
      // The same filters with other values, and candidate lists of other lengths: one statement.
      for (const q of ['named0', 'named', 'amed1']) {
        const page = await listUsers(connection, 'postgres', { q, limit: 25, cursor: undefined });
        expect(page.items.length).toBeGreaterThan(0);
      }
      expect(await kept()).toEqual([expect.stringMatching(/^hot_[0-9a-f]{24}$/)]);
    });
  },
);
