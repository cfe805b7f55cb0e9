import { sql, type RawBuilder } from 'kysely';
import { CHAT_EVENTS, type ConversationCounters } from '@accountry/shared/chat';
import { blockEitherWay } from '../../db/member-blocks';
import { preparedQuery } from '../../db/prepared-query';
import { COUNTER_SQL, type NewMessage } from './message-store';
import { underSendLimit, type SendLimit } from './send-limit';
import { blockInConversation } from './block-receipts';

/**
 * The PostgreSQL message store's statements, each built and compiled once per store and shape (db/prepared-query.ts):
 * building and compiling the send statement took ~45 µs of every message (of ~700 µs of server CPU under load).
 * `channel` is the NOTIFY channel (none: a memory bus, events go out after commit); `limit` the send limit.
 */

const counterJson = (t: string) =>
  `json_build_object('id', ${t}.id, 'buyerId', ${t}."buyerId", 'sellerId', ${t}."sellerId", 'lastSeq', ${t}."lastSeq",
    'buyerReadSeq', ${t}."buyerReadSeq", 'sellerReadSeq', ${t}."sellerReadSeq",
    'buyerDeliveredSeq', ${t}."buyerDeliveredSeq", 'sellerDeliveredSeq', ${t}."sellerDeliveredSeq",
    'updatedAt', ${t}."updatedAt")`;

const RETURNING_COUNTERS = sql.raw(COUNTER_SQL.replace(/\bid,/, 'c.id,'));
const NEXT_SEQ = sql.raw('c.last_seq + 1');

/**
 * A CTE locking the conversations of `ids` in id order. An UPDATE ... FROM locks rows in its plan's order, so a send
 * batch and a delivered flush could each hold a row the other waited for; taking them in one order first, in every
 * statement that updates several, rules that out. `LOCKED_FIRST` in the UPDATE's condition reads the whole CTE before
 * the first row is updated.
 */
const lockInIdOrder = (ids: RawBuilder<unknown>) =>
  sql`locked as materialized (
    select c.id from conversations c where c.id in (${ids}) order by c.id for no key update
  )`;
const LOCKED_FIRST = sql.raw('(select count(*) from locked) >= 0');

/** The NOTIFY of a stored message to both parties of its conversation (`b`, as bumped), with its event's data. */
const notifyStored = (channel: string, data: RawBuilder<unknown>) =>
  sql`pg_notify(${channel}, json_build_object(
    'audience', json_build_object('userIds', json_build_array(b."buyerId", b."sellerId")),
    'type', ${CHAT_EVENTS.message}::text,
    'data', ${data})::text)`;

/** One message: `eventBody` is its body in the event ('' when too large for a NOTIFY, then `truncated`). */
export type SendOneArgs = NewMessage & { eventBody: string | null; truncated: boolean };

/** One send: the checks, numbering under the conversation's row lock, the row and the NOTIFY, in one statement. */
export const sendOneStatement = (channel: string | undefined, limit: SendLimit) =>
  preparedQuery(
    (_db, m: SendOneArgs) => {
      const notify = channel
        ? sql`, notified as (
          select ${notifyStored(
            channel,
            sql`json_build_object(
              'message', json_build_object('id', ${m.id}::text, 'conversationId', b.id, 'seq', b."lastSeq",
                'kind', 'user', 'senderId', ${m.senderId}::text, 'clientId', ${m.clientId}::text,
                'body', ${m.eventBody}::text, 'attachment', null, 'createdAt', ${m.now}::bigint),
              'conversation', ${sql.raw(counterJson('b'))}
              ${sql.raw(m.truncated ? ", 'truncated', true" : '')})`,
          )} as n
          from bump b join inserted on true)
        select b.*, (select count(*) from notified) as notified from bump b join inserted on true`
        : sql`select b.* from bump b join inserted on true`;
      return sql<ConversationCounters>`
      with bump as (
        update conversations c set last_seq = ${NEXT_SEQ},
          buyer_read_seq = case when ${m.side}::text = 'buyer' then ${NEXT_SEQ} else c.buyer_read_seq end,
          buyer_delivered_seq = case when ${m.side}::text = 'buyer' then ${NEXT_SEQ} else c.buyer_delivered_seq end,
          seller_read_seq = case when ${m.side}::text = 'seller' then ${NEXT_SEQ} else c.seller_read_seq end,
          seller_delivered_seq = case when ${m.side}::text = 'seller' then ${NEXT_SEQ} else c.seller_delivered_seq end,
          last_message_preview = ${m.preview}, last_message_attachment = false, last_sender_id = ${m.senderId},
          last_message_at = ${m.now}::bigint, updated_at = ${m.now}::bigint,
          buyer_first_message_at = coalesce(c.buyer_first_message_at,
            case when ${m.side}::text = 'buyer' then ${m.now}::bigint end),
          seller_first_message_at = coalesce(c.seller_first_message_at,
            case when ${m.side}::text = 'seller' then ${m.now}::bigint end)
        where c.id = ${m.conversationId}
          and exists (select 1 from users u left join deleted_users d on d.uid = u.id
            where u.id = ${m.recipientId} and not u.disabled and d.status is distinct from 'unresolved')
          and not ${blockEitherWay(m.senderId, m.recipientId)}
          and not exists (select 1 from messages where sender_id = ${m.senderId} and client_id = ${m.clientId})
          and ${underSendLimit(limit, sql`${m.senderId}::text`, (ms) => sql`${m.now}::bigint - ${sql.lit(ms)}`)}
        returning ${RETURNING_COUNTERS}
      ),
      inserted as (
        insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at)
        select ${m.id}::text, b.id, b."lastSeq", ${m.senderId}::text, ${m.clientId}::text, ${m.body}::text,
          ${m.now}::bigint from bump b
        returning 1
      )
      ${notify}`;
    },
    { literals: ['truncated'] },
  );

/** A batch of sends, one per conversation and sender, column by column (index i of each array is message i). */
export type SendManyArgs = {
  ids: string[];
  conversationIds: string[];
  sides: string[];
  senderIds: string[];
  recipientIds: string[];
  clientIds: string[];
  bodies: string[];
  previews: string[];
  eventBodies: string[];
  nows: number[];
  truncated: boolean[];
};

/** A batch's checks, numbering, rows and NOTIFYs in one statement; answers the stored ones with their position. */
export const sendManyStatement = (channel: string | undefined, limit: SendLimit) =>
  preparedQuery((_db, a: SendManyArgs) => {
    const notify = channel
      ? sql`, notified as (
          select ${notifyStored(
            channel,
            sql`(json_build_object(
              'message', json_build_object('id', b."messageId", 'conversationId', b.id, 'seq', b."lastSeq",
                'kind', 'user', 'senderId', b."senderId", 'clientId', b."clientId", 'body', b."eventBody",
                'attachment', null, 'createdAt', b."createdAt"),
              'conversation', ${sql.raw(counterJson('b'))})::jsonb
              || case when b.truncated then '{"truncated":true}'::jsonb else '{}'::jsonb end)`,
          )} as n
          from bump b)
        select b.*, (select count(*) from notified) as notified from bump b`
      : sql`select b.* from bump b`;
    return sql<ConversationCounters & { ord: number }>`
      with input as (
        select * from unnest(${a.ids}::text[], ${a.conversationIds}::text[],
          ${a.sides}::text[], ${a.senderIds}::text[], ${a.recipientIds}::text[],
          ${a.clientIds}::text[], ${a.bodies}::text[], ${a.previews}::text[],
          ${a.eventBodies}::text[], ${a.nows}::bigint[], ${a.truncated}::boolean[])
          with ordinality as i(id, conversation_id, side, sender_id, recipient_id, client_id, body, preview,
            event_body, now, truncated, ord)
      ),
      allowed as (
        select i.* from input i
        where exists (select 1 from users u left join deleted_users d on d.uid = u.id
            where u.id = i.recipient_id and not u.disabled and d.status is distinct from 'unresolved')
          and not ${blockEitherWay(sql.raw<string>('i.sender_id'), sql.raw<string>('i.recipient_id'))}
          and not exists (select 1 from messages m where m.sender_id = i.sender_id and m.client_id = i.client_id)
          and ${underSendLimit(limit, sql`i.sender_id`, (ms) => sql`i.now - ${sql.lit(ms)}`)}
      ),
      ${lockInIdOrder(sql`select conversation_id from input`)},
      bump as (
        update conversations c set last_seq = ${NEXT_SEQ},
          buyer_read_seq = case when a.side = 'buyer' then ${NEXT_SEQ} else c.buyer_read_seq end,
          buyer_delivered_seq = case when a.side = 'buyer' then ${NEXT_SEQ} else c.buyer_delivered_seq end,
          seller_read_seq = case when a.side = 'seller' then ${NEXT_SEQ} else c.seller_read_seq end,
          seller_delivered_seq = case when a.side = 'seller' then ${NEXT_SEQ} else c.seller_delivered_seq end,
          last_message_preview = a.preview, last_message_attachment = false, last_sender_id = a.sender_id,
          last_message_at = a.now, updated_at = a.now,
          buyer_first_message_at = coalesce(c.buyer_first_message_at, case when a.side = 'buyer' then a.now end),
          seller_first_message_at = coalesce(c.seller_first_message_at, case when a.side = 'seller' then a.now end)
        from allowed a where c.id = a.conversation_id and ${LOCKED_FIRST}
        returning ${RETURNING_COUNTERS}, a.id as "messageId", a.sender_id as "senderId",
          a.client_id as "clientId", a.body, a.event_body as "eventBody", a.now as "createdAt", a.truncated, a.ord
      ),
      inserted as (
        insert into messages (id, conversation_id, seq, sender_id, client_id, body, created_at)
        select b."messageId", b.id, b."lastSeq", b."senderId", b."clientId", b.body, b."createdAt" from bump b
        returning 1
      )
      ${notify}`;
  });

/** Delivered marks, one row per conversation with both sides' seqs (0: no mark for that side). */
export type DeliveredArgs = {
  ids: string[];
  buyerSeqs: number[];
  sellerSeqs: number[];
};

const moved = (side: 'buyer' | 'seller', t: string) =>
  `(i.${side}_seq > 0 and ${t}.${side}_delivered_seq = least(i.${side}_seq, ${t}.last_seq))`;

/**
 * Moves the delivered markers of a flush in one statement, with the receipts' NOTIFYs but none across a block. Its
 * commit does not wait for the disk (decision 251): a marker only shows a tick, one lost in a crash moves again when
 * the member's device next asks for its unread counts or its list, and the disk's syncs are left to the sends.
 */
export const deliveredStatement = (channel: string | undefined) =>
  preparedQuery((_db, a: DeliveredArgs) => {
    const notify = channel
      ? sql`, notified as (
          select pg_notify(${channel}, json_build_object('audience', json_build_object('userIds',
            json_build_array(a.uid)), 'type', ${CHAT_EVENTS.receipt}::text,
            'data', json_build_object('conversation', ${sql.raw(counterJson('u'))}))::text) as n
          from moved u cross join lateral (values (case when u."buyerMoved" then u."sellerId" end),
            (case when u."sellerMoved" then u."buyerId" end)) a(uid) where a.uid is not null and not u.blocked)
        select u.*, (select count(*) from notified) as notified from moved u`
      : sql`select u.* from moved u`;
    return sql<ConversationCounters & { buyerMoved: boolean; sellerMoved: boolean; blocked: boolean }>`
        with input as (
          select i.* from unnest(${a.ids}::text[], ${a.buyerSeqs}::int[], ${a.sellerSeqs}::int[])
            as i(id, buyer_seq, seller_seq)
            cross join (select set_config('synchronous_commit', 'off', true)) as async_commit
        ),
        ${lockInIdOrder(sql`select id from input`)},
        moved as (
          update conversations c set
            buyer_delivered_seq = greatest(c.buyer_delivered_seq, least(i.buyer_seq, c.last_seq)),
            seller_delivered_seq = greatest(c.seller_delivered_seq, least(i.seller_seq, c.last_seq))
          from input i
          where c.id = i.id and ${LOCKED_FIRST} and (c.buyer_delivered_seq < least(i.buyer_seq, c.last_seq)
            or c.seller_delivered_seq < least(i.seller_seq, c.last_seq))
          returning ${RETURNING_COUNTERS},
            ${sql.raw(moved('buyer', 'c'))} as "buyerMoved", ${sql.raw(moved('seller', 'c'))} as "sellerMoved",
            ${blockInConversation('c')} as blocked
        )
        ${notify}`;
  });
