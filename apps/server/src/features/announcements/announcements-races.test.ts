import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { ADMIN_BASE, createAnnouncement } from './announcements-test-helpers';

let interleave: Interleave;
let ctx: TestContext;
let second: DatabaseHandle;
let admin: Session;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));
beforeAll(async () => {
  admin = (await userWithSession(ctx, 'admin')).session;
});

describe('announcement changes decided on a stale read', () => {
  it('an edit that another admin’s recall overtook answers 409 and does not revive the announcement', async () => {
    const created = await createAnnouncement(ctx, admin, { title: 'Maintenance tonight', severity: 'info' });
    interleave.arm('announcements', async () => {
      await second.db
        .updateTable('announcements')
        .set({ status: 'canceled', recalledAt: ctx.clock.now(), updatedAt: ctx.clock.now() + 1 })
        .where('id', '=', created.id)
        .execute();
    });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `${ADMIN_BASE}/${created.id}`,
      payload: { title: 'Maintenance tomorrow', status: 'active' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This was changed in the meantime. Reload the page and try again.');
    const row = await ctx.db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'canceled', title: 'Maintenance tonight' });
  });
});
