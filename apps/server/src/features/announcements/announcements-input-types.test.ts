import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { ADMIN_BASE, createAnnouncement } from './announcements-test-helpers';

/**
 * Spec section 5 and decision 022: every failure answers 400 'Invalid notification data: …' with the spec's messages,
 * all together, also for a field of the wrong JSON type; the length bounds hold for the trimmed text that is stored.
 */
let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: admin.headers });
const STATUS = 'Valid status is required (active, draft, expired, or canceled)';
const SEVERITY = 'Valid severity is required (info, success, warning, or error)';

describe('a field of the wrong JSON type', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['a null status', { title: 'T', message: 'M', status: null }, [STATUS]],
    ['a numeric status', { title: 'T', message: 'M', status: 5 }, [STATUS]],
    ['a null severity', { title: 'T', message: 'M', severity: null }, [SEVERITY]],
    ['a numeric severity', { title: 'T', message: 'M', severity: 1 }, [SEVERITY]],
    ['a null title', { title: null, message: 'M' }, ['Title is required']],
    ['a numeric message', { title: 'T', message: 7 }, ['Message is required']],
    ['an expiry of true', { title: 'T', message: 'M', expiresAt: true }, ['Invalid expiration date format']],
    ['a blank title and a numeric status', { title: '', message: 'M', status: 5 }, ['Title is required', STATUS]],
  ])('gets the spec’s message on create: %s', async (_, body, messages) => {
    const before = await ctx.db.selectFrom('announcements').select('id').execute();
    const res = await send('POST', ADMIN_BASE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Invalid notification data: ${messages.join(', ')}`);
    expect(res.json().error.errors).toEqual(messages);
    expect(await ctx.db.selectFrom('announcements').select('id').execute()).toEqual(before);
  });

  it('gets the spec’s message on update, and changes nothing', async () => {
    const a = await createAnnouncement(ctx, admin, { title: 'Kept' });
    for (const [body, message] of [
      [{ status: null }, STATUS],
      [{ severity: 3 }, SEVERITY],
      [{ title: 9 }, 'Title is required'],
    ] as const) {
      const res = await send('PATCH', `${ADMIN_BASE}/${a.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(`Invalid notification data: ${message}`);
    }
    const row = await ctx.db
      .selectFrom('announcements')
      .select(['status', 'severity', 'title'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', severity: 'info', title: 'Kept' });
  });
});

describe('the length bounds', () => {
  it('hold for the trimmed text: 200 characters and a space, 2,000 and a line break are taken', async () => {
    const [title, message] = ['T'.repeat(200), 'M'.repeat(2000)];
    const res = await send('POST', ADMIN_BASE, { title: `${title} `, message: `\n${message}\n` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title, message });
  });

  it('refuse one character more', async () => {
    const long = await send('POST', ADMIN_BASE, { title: 'T'.repeat(201), message: 'M'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/Title must be at most 200 characters/);
  });
});
