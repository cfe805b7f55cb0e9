import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/**
 * A conversation of `count` messages, one a minute ending now, bodies "<prefix> <seq>", every 50th (25, 75, …) a system notice;
 * written in one transaction so thousands take a moment.
 */
export function insertLongConversation(
  listingId: string,
  buyerId: string,
  sellerId: string,
  count: number,
  prefix = 'Long message',
) {
  const conversationId = id();
  const start = Date.now() - count * 60_000;
  const end = start + count * 60_000;
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into messages (id, conversation_id, seq, kind, sender_id, client_id, body, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(
      `insert into conversations (id, listing_id, buyer_id, seller_id, created_at, updated_at, last_seq, buyer_read_seq, seller_read_seq,
         buyer_delivered_seq, seller_delivered_seq, last_message_preview, last_sender_id, last_message_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      conversationId,
      listingId,
      buyerId,
      sellerId,
      start,
      end,
      count,
      count,
      count,
      count,
      count,
      `${prefix} ${count}`,
      sellerId,
      end,
    );
    for (let seq = 1; seq <= count; seq++) {
      const system = seq % 50 === 25;
      const sender = system ? null : seq % 2 ? buyerId : sellerId;
      insert.run(
        id(),
        conversationId,
        seq,
        system ? 'system' : 'user',
        sender,
        id(),
        `${prefix} ${seq}`,
        start + seq * 60_000,
      );
    }
  })();
  db.close();
  return conversationId;
}

/** `count` verified buyers named "<prefix> 0001"… that cannot sign in, for admin lists that page many times. */
export function insertManyUsers(prefix: string, count: number) {
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active, profile_complete, email_verified, disabled)
     values (?, ?, ?, ?, '', 'buyer', ?, ?, 1, 1, 0)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const n = String(i).padStart(4, '0');
      insert.run(
        id(),
        `many-${randomBytes(5).toString('hex')}@journey.test`,
        'no-password',
        `${prefix} ${n}`,
        now - i * 1000,
        now,
      );
    }
  })();
  db.close();
}
