import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { CredentialsCipher } from '../lib/credentials-cipher';
import { DEMO_USERS } from './demo-users';
import { seedDemoData } from './seed-demo-data';

/**
 * `SEED_DEMO_DATA=true` on a production server (a public demo site, or a mistake): the demo passwords are printed in
 * the source, and the demo admin's would hand anyone the whole site. Its admin gets a password nobody knows; the
 * demo members keep theirs, which can do no more than any member can.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db, ctx.clock, new CredentialsCipher(Buffer.alloc(32, 3)), undefined, { production: true });
});
afterAll(() => ctx.close());

const signIn = (u: (typeof DEMO_USERS)[number]) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } });

describe('demo data seeded on a production server', () => {
  it('has no admin that signs in with the published password', async () => {
    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    const res = await signIn(admin);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Invalid email or password. Please try again.');
  });

  it('keeps the demo members signing in as published', async () => {
    for (const member of DEMO_USERS.filter((u) => u.role !== 'admin'))
      expect((await signIn(member)).statusCode).toBe(200);
  });
});
