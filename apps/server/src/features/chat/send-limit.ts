import { sql, type RawBuilder } from 'kysely';
import { CHAT_SEND_BURST, CHAT_SEND_PER_MINUTE } from '@accountry/shared/chat';

/**
 * How fast one user may send (decision 148): a send is allowed while the sender stored fewer than `steady` messages in
 * the last `steadyMs`, or fewer than `burst` in the last `burstMs`. Counted over the stored messages themselves, so the
 * check is a condition of the statement that stores the message: no counter of its own, one allowance across every
 * server process.
 */
export interface SendLimit {
  steadyMs: number;
  steady: number;
  burstMs: number;
  burst: number;
}

/** The limit for a steady rate per minute (30 by default: one send every 2 s, after a burst of 10). */
export function sendLimit(perMinute = CHAT_SEND_PER_MINUTE): SendLimit {
  const steadyMs = Math.max(1000, Math.floor(60_000 / perMinute));
  return {
    steadyMs,
    steady: Math.max(1, Math.round((perMinute * steadyMs) / 60_000)),
    burstMs: 60_000,
    burst: Math.max(CHAT_SEND_BURST, Math.ceil(perMinute / 6)),
  };
}

/**
 * True while `sender` is under the limit; `since(ms)` is the time `ms` before the send. Each count stops at its bound,
 * reading at most that many entries of the (sender_id, created_at) index.
 */
export function underSendLimit(
  limit: SendLimit,
  sender: RawBuilder<unknown>,
  since: (ms: number) => RawBuilder<unknown>,
) {
  const fewer = (ms: number, max: number) =>
    sql`(select count(*) from (select 1 from messages where sender_id = ${sender} and created_at > ${since(ms)}
      limit ${sql.lit(max)}) recent) < ${sql.lit(max)}`;
  return sql<boolean>`(${fewer(limit.steadyMs, limit.steady)} or ${fewer(limit.burstMs, limit.burst)})`;
}
