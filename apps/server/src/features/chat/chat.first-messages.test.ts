import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { createTestAppWithUploads } from '../../test/listing-fixtures';
import { pairWithConversation, uploadAttachment } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';
import { postNoticeWithNote, postSystemMessage } from './system-messages.service';

let ctx: TestContext & { uploadDir: string };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

type Party = Awaited<ReturnType<typeof userWithSession>>;
const MINUTE = 60_000;

const setup = () => pairWithConversation(ctx);

const send = (p: Party, conversationId: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    payload: { clientId: clientId(), ...payload },
    headers: p.session.headers,
  });

const upload = async (session: Session, conversationId: string) => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  return (await uploadAttachment(ctx, session, conversationId, png)).json().attachment.id as string;
};

const firstTimes = (conversationId: string) =>
  ctx.db
    .selectFrom('conversations')
    .select(['buyerFirstMessageAt', 'sellerFirstMessageAt'])
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow()
    .then((r) => ({ buyer: r.buyerFirstMessageAt, seller: r.sellerFirstMessageAt }));

/** A seller's response time reads when each side first wrote, which the conversation keeps (decision 228). */
describe('the time of each side’s first message', () => {
  it('is kept once per side as messages are stored, and later messages do not move it', async () => {
    const { seller, buyer, conversationId } = await setup();
    expect(await firstTimes(conversationId)).toEqual({ buyer: null, seller: null });
    const asked = ctx.clock.now();
    expect((await send(buyer, conversationId, { body: 'Is it still for sale?' })).statusCode).toBe(201);
    expect(await firstTimes(conversationId)).toEqual({ buyer: asked, seller: null });
    ctx.clock.advance(7 * MINUTE);
    const answered = ctx.clock.now();
    expect((await send(seller, conversationId, { body: 'Yes' })).statusCode).toBe(201);
    ctx.clock.advance(MINUTE);
    await send(buyer, conversationId, { body: 'Great' });
    await send(seller, conversationId, { body: 'Anything else?' });
    expect(await firstTimes(conversationId)).toEqual({ buyer: asked, seller: answered });
  });

  it('counts a first message sent with an image, and a note sent with an offer', async () => {
    const { seller, buyer, conversationId } = await setup();
    const attachmentId = await upload(seller.session, conversationId);
    const sent = ctx.clock.now();
    expect((await send(seller, conversationId, { body: '', attachmentId })).statusCode).toBe(201);
    ctx.clock.advance(3 * MINUTE);
    await postNoticeWithNote(ctx.db, {
      conversationId,
      body: 'Bea offered $10.00.',
      now: ctx.clock.now(),
      note: 'Would you take ten?',
      sender: { id: buyer.user.id, side: 'buyer' },
    });
    expect(await firstTimes(conversationId)).toEqual({ buyer: sent + 3 * MINUTE, seller: sent });
  });

  it('is not set by the server’s own notices, nor by a message the store refused', async () => {
    const { buyer, seller, conversationId } = await setup();
    await postSystemMessage(ctx.db, { conversationId, body: 'Order placed.', now: ctx.clock.now() });
    await ctx.db
      .insertInto('userBlocks')
      .values({ blockerId: seller.user.id, blockedId: buyer.user.id, createdAt: 0 })
      .execute();
    expect((await send(buyer, conversationId, { body: 'Hello?' })).statusCode).toBe(403);
    expect(await firstTimes(conversationId)).toEqual({ buyer: null, seller: null });
  });

  it('is kept for every conversation of a batch of messages sent at once', async () => {
    const chats = await Promise.all([setup(), setup(), setup(), setup()]);
    const at = ctx.clock.now();
    const sent = await Promise.all(chats.map((c) => send(c.buyer, c.conversationId, { body: 'Hi' })));
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    for (const c of chats) expect(await firstTimes(c.conversationId)).toEqual({ buyer: at, seller: null });
  });
});
