import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, createUser, testEngine, type TestContext } from '../../test/test-app';
import { listUsers } from './admin-users-list.repository';

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

it.runIf(testEngine === 'postgres')(
  'lets PostgreSQL plan an unfiltered admin page once, where a parameter as its limit had it planned on every run',
  async () => {
    // Enough members that a tenth of them, PostgreSQL's guess for an unknown limit, is far more than a page.
    await sql`insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active,
        profile_complete, email_verified, disabled)
      select 'bulk' || i, 'bulk' || i || '@example.test', 'x', 'Bulk ' || i, '', 'buyer', i, i, true, true, false
      from generate_series(1, 5000) i`.execute(ctx.db);
    await sql`analyze users`.execute(ctx.db);
    await ctx.db.connection().execute(async (connection) => {
      for (let run = 0; run < 8; run++) await listUsers(connection, 'postgres', { limit: 25, cursor: undefined });
      const { rows } = await sql<{ generic: string; custom: string }>`select generic_plans as generic,
          custom_plans as custom from pg_prepared_statements
        where statement like '%"deleted_users"%' and statement not like '%like%'`.execute(connection);
      expect(rows).toHaveLength(1);
      // PostgreSQL tries five custom plans before it weighs the generic one.
      expect(Number(rows[0].generic)).toBeGreaterThanOrEqual(3);
    });
  },
);
