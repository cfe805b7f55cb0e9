import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidNotificationData, NOTIFICATION_MESSAGES as M } from '@accountry/shared/announcements';
import { createTestApp, userWithSession, type Session, type TestContext } from '../../test/test-app';
import { ADMIN_BASE } from './announcements-test-helpers';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await userWithSession(ctx, 'admin')).session;
});
afterAll(() => ctx.close());

const post = (payload: object) => ctx.app.inject({ method: 'POST', url: ADMIN_BASE, payload, headers: admin.headers });

describe('announcement text', () => {
  it('drops bidi overrides, isolates and control characters from the title and the message', async () => {
    const res = await post({
      title: ' Fees \u202E%0 era\u202C from today\u0085 ',
      message: 'Sellers pay\u0007 \u2066less\u2069\r\nfrom Monday.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Fees %0 era from today', message: 'Sellers pay less\nfrom Monday.' });
  });

  it('a title of hidden characters only is no title, with the spec message', async () => {
    const res = await post({ title: '\u202E\u0007\u2066', message: 'Something happened.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(invalidNotificationData([M.titleRequired]));
  });
});
