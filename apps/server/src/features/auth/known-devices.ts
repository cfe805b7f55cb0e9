import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, cookieName } from '@accountry/shared/constants';
import { detectBrowser, detectDevice } from '@accountry/shared/traffic-detect';
import type { AppDeps } from '../../app';
import { queueMailToUser } from '../../email/mail-to-user';
import { forUpdateOnPostgres } from '../../db/row-locks';
import { newToken } from '../../lib/ids';
import { hashToken } from '../../sessions/sessions.service';
import { newDeviceMail } from './auth-mails';
import { DAY_MS } from '@accountry/shared/durations';

const YEAR_MS = 365 * DAY_MS;
/** Devices remembered per account; the longest unused is forgotten first. */
const MAX_DEVICES = 20;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * After a sign-in: a browser the account signed in from before is remembered; another one is recorded, and the owner
 * mailed unless it is the account's first (decision 170). The browser keeps a random id in a long-lived cookie.
 */
export async function recognizeDevice(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  now: number,
) {
  const db = deps.db.db;
  const name = cookieName(DEVICE_COOKIE, deps.sessionSettings.secureCookies);
  const sent = request.cookies[name];
  const token = sent && TOKEN.test(sent) ? sent : newToken();
  const deviceHash = hashToken(token);
  const seen = await db
    .updateTable('knownDevices')
    .set({ lastSeenAt: now })
    .where('userId', '=', userId)
    .where('deviceHash', '=', deviceHash)
    .executeTakeFirst();
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.sessionSettings.secureCookies,
    expires: new Date(now + YEAR_MS),
  });
  if (Number(seen.numUpdatedRows) === 1) return;
  await db.transaction().execute(async (trx) => {
    // Two sign-ins at once from new browsers: the second waits here, so it sees the first's browser and is mailed.
    await forUpdateOnPostgres(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
    const known = await trx
      .selectFrom('knownDevices')
      .select(['deviceHash'])
      .where('userId', '=', userId)
      .orderBy('lastSeenAt', 'desc')
      .execute();
    await trx
      .insertInto('knownDevices')
      .values({ userId, deviceHash, createdAt: now, lastSeenAt: now })
      .onConflict((oc) => oc.columns(['userId', 'deviceHash']).doNothing())
      .execute();
    const forgotten = known.slice(MAX_DEVICES - 1).map((d) => d.deviceHash);
    if (forgotten.length)
      await trx.deleteFrom('knownDevices').where('userId', '=', userId).where('deviceHash', 'in', forgotten).execute();
    if (!known.length) return;
    const agent = request.headers['user-agent'] ?? '';
    const device = { browser: detectBrowser(agent), type: detectDevice(agent), ip: request.ip, at: now };
    await queueMailToUser(trx, userId, (to) => newDeviceMail(deps.config.publicUrl, to.email, device), now);
  });
}
