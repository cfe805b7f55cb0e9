import type { SeedContext } from './seed-demo-data';
import type { Database } from '../db/database';
import type { MessagesTable } from '../db/schema';
import { newId } from '../lib/ids';
import { messagePreview } from '@accountry/shared/chat-rules';
import { HOUR_MS, MINUTE_MS } from '@accountry/shared/durations';

type Line = ['buyer' | 'seller', string];
interface Script {
  buyer: string;
  seller: string;
  /** Hours before now of the first message; lines follow a few minutes apart. */
  startedHoursAgo: number;
  lines: Line[];
  /** How many of the last messages the recipient has not read yet. */
  unreadAtEnd: number;
}

async function activeListing(db: Database, sellerId: string, skip: number) {
  return db
    .selectFrom('listings')
    .select(['id'])
    .where('sellerId', '=', sellerId)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .offset(skip)
    .limit(1)
    .executeTakeFirst();
}

/** Order 20: conversations between the demo buyers and sellers about their listings, some with unread messages. */
export async function seedChat({ db, clock, users, log }: SeedContext) {
  const scripts: Script[] = [
    {
      buyer: users.buyer,
      seller: users.seller,
      startedHoursAgo: 30,
      unreadAtEnd: 1,
      lines: [
        ['buyer', 'Hi! Is this account still available?'],
        ['seller', 'Yes, it is. Happy to answer any questions.'],
        ['buyer', 'Does it come with the original email? And can the 2FA be moved to my phone?'],
        ['seller', 'Original email included, and I remove my 2FA during the handover so you can add yours.'],
        ['buyer', 'Great. Would you take $10 less if I buy today?'],
        ['seller', 'I can do $5 off for a purchase today. Full details: https://accountry.test/how-it-works'],
      ],
    },
    {
      buyer: users.buyer,
      seller: users.both,
      startedHoursAgo: 52,
      unreadAtEnd: 0,
      lines: [
        ['buyer', 'Hello, how old is the account?'],
        ['seller', 'About three years, never banned.'],
        ['buyer', 'Thanks, I will think about it.'],
      ],
    },
    {
      buyer: users.buyer2,
      seller: users.seller,
      startedHoursAgo: 6,
      unreadAtEnd: 2,
      lines: [
        ['buyer', 'Hey, which region is this account on?'],
        ['buyer', 'Also, are the skins in the screenshots all included?'],
      ],
    },
    {
      buyer: users.both,
      seller: users.seller2,
      startedHoursAgo: 20,
      unreadAtEnd: 0,
      lines: [
        ['buyer', 'Hi Nova, can you send one more screenshot of the inventory?'],
        ['seller', 'Sure, I will add it to the listing tonight.'],
      ],
    },
    {
      // The most recent conversation, reported by the buyer in the admin demo data.
      buyer: users.buyer2,
      seller: users.seller2,
      startedHoursAgo: 2,
      unreadAtEnd: 0,
      lines: [
        ['buyer', 'Hi, I would like to buy this one.'],
        ['seller', 'Great! Can you pay me by bank transfer and we finish on another app? It is faster for me.'],
        ['buyer', 'I would rather keep the whole deal in this chat, so there is a record of what we agreed.'],
      ],
    },
  ];

  const used = new Map<string, number>();
  let conversations = 0;
  let messages = 0;
  for (const script of scripts) {
    if (!script.buyer || !script.seller) continue;
    const skip = used.get(script.seller) ?? 0;
    used.set(script.seller, skip + 1);
    const listing = await activeListing(db, script.seller, skip);
    if (!listing) continue;
    const start = clock.now() - script.startedHoursAgo * HOUR_MS;
    const id = newId();
    const rows: MessagesTable[] = script.lines.map(([side, body], i) => ({
      id: newId(),
      conversationId: id,
      seq: i + 1,
      kind: 'user' as const,
      senderId: side === 'buyer' ? script.buyer : script.seller,
      clientId: newId(),
      body,
      attachmentId: null,
      attachmentWidth: null,
      attachmentHeight: null,
      createdAt: start + i * 7 * MINUTE_MS,
    }));
    const last = rows[rows.length - 1];
    const firstBy = (senderId: string) => rows.find((r) => r.senderId === senderId)?.createdAt ?? null;
    const lastSide = script.lines[script.lines.length - 1][0];
    // Each side has read up to its own latest message; the recipient of the last ones may be behind.
    const lastBy = (side: 'buyer' | 'seller') => Math.max(0, ...script.lines.map(([s], i) => (s === side ? i + 1 : 0)));
    const readBy = (side: 'buyer' | 'seller') =>
      side === lastSide ? last.seq : Math.max(lastBy(side), last.seq - script.unreadAtEnd);
    await db
      .insertInto('conversations')
      .values({
        id,
        listingId: listing.id,
        buyerId: script.buyer,
        sellerId: script.seller,
        createdAt: start,
        updatedAt: last.createdAt,
        lastSeq: last.seq,
        buyerReadSeq: readBy('buyer'),
        sellerReadSeq: readBy('seller'),
        buyerDeliveredSeq: last.seq,
        sellerDeliveredSeq: last.seq,
        buyerMailedSeq: 0,
        sellerMailedSeq: 0,
        lastMessagePreview: messagePreview(last.body),
        lastMessageAttachment: false,
        lastSenderId: last.senderId,
        lastMessageAt: last.createdAt,
        buyerFirstMessageAt: firstBy(script.buyer),
        sellerFirstMessageAt: firstBy(script.seller),
      })
      .execute();
    await db.insertInto('messages').values(rows).execute();
    conversations += 1;
    messages += rows.length;
  }
  log(`chat: ${conversations} conversations with ${messages} messages`);
}
