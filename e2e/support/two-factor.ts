import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createHash } from 'node:crypto';
import { openE2eDb } from './db';
import { postWithSession } from './session-api';
import { mailsTo } from './mailbox';

/** What the member's authenticator app shows for the key, `stepsAhead` time steps from now. */
export const appCode = (key: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + stepsAhead * 30_000 });

/** The code the latest two-factor set-up mailed to the address (decision 175), from the development mailbox. */
export async function mailedSetupCode(request: APIRequestContext, baseURL: string, to: string) {
  const mails = await mailsTo(request, to, baseURL);
  // Newest first.
  const mail = mails.find((m) => m.subject === 'Your code to turn on two-factor sign-in at Accountry');
  const code = /Enter (\d{6}) in the/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no two-factor set-up code was mailed to ${to}`);
  return code;
}

/** Turn two-factor sign-in on through the API for the signed-in context; the key, for the app's codes. */
export async function turnOnTwoFactor(
  context: BrowserContext,
  baseURL: string,
  user: { email: string; password: string },
) {
  const setup = await postWithSession(context, baseURL, '/api/profile/two-factor/setup', { password: user.password });
  const { secret } = (await setup.json()) as { secret: string };
  const emailCode = await mailedSetupCode(context.request, baseURL, user.email);
  await postWithSession(context, baseURL, '/api/profile/two-factor/enable', { code: appCode(secret), emailCode });
  return secret;
}

/** As if a minute had passed for the address's set-up mails: the mail limit forgets those it counted. */
export function forgetSetupMails(email: string) {
  const bucket = createHash('sha256').update(`mail-two-factor:${email}`).digest('base64url');
  const db = openE2eDb();
  db.prepare('delete from auth_throttle where bucket = ?').run(bucket);
  db.close();
}
