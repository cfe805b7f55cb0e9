import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGES } from '@accountry/shared/chat';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { createTestAppWithUploads } from '../../test/listing-fixtures';
import { pairWithConversation, uploadAttachment } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';

let ctx: TestContext & { uploadDir: string };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

const upload = (session: Session, conversationId: string, body: Buffer, type = 'image/png') =>
  uploadAttachment(ctx, session, conversationId, body, type);

const setup = () => pairWithConversation(ctx);

describe('image attachments', () => {
  it('stores an image, sends it with a message, and shows it only to the two parties and admins of a report', async () => {
    const { seller, buyer, conversationId } = await setup();
    const res = await upload(buyer.session, conversationId, await png());
    expect(res.statusCode).toBe(201);
    const attachment = res.json().attachment;
    expect(attachment).toMatchObject({ width: 40, height: 30, url: `/api/chat/attachments/${attachment.id}` });

    const get = (session: Session) =>
      ctx.app.inject({ method: 'GET', url: attachment.url, headers: { cookie: session.cookie } });
    const mine = await get(buyer.session);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect((await sharp(mine.rawPayload).metadata()).format).toBe('webp');
    // Not sent yet: only the uploader sees it.
    expect((await get(seller.session)).statusCode).toBe(404);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: '', attachmentId: attachment.id },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.attachment).toEqual(attachment);
    const listed = (
      await ctx.app.inject({ method: 'GET', url: '/api/chat/conversations', headers: seller.session.headers })
    ).json().conversations[0];
    expect(listed.lastMessage).toMatchObject({ attachment: true, preview: '' });

    expect((await get(seller.session)).statusCode).toBe(200);
    const stranger = await userWithSession(ctx, 'buyer');
    expect((await get(stranger.session)).statusCode).toBe(404);
    // Admins see a private conversation's images only once it was reported (decision 052).
    const admin = await userWithSession(ctx, 'admin');
    expect((await get(admin.session)).statusCode).toBe(404);
    const reported = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/report`,
      headers: seller.session.headers,
      payload: { reason: 'scam' },
    });
    expect(reported.statusCode).toBeLessThan(300);
    expect((await get(admin.session)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(401);

    // One upload, one message.
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: 'again', attachmentId: attachment.id },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(CHAT_MESSAGES.attachmentNotFound);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: seller.session.headers,
      payload: { clientId: clientId(), body: 'mine now', attachmentId: attachment.id },
    });
    expect(theirs.statusCode).toBe(400);
  });

  it('removes metadata such as EXIF from photos', async () => {
    const { buyer, conversationId } = await setup();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Where I live', Artist: 'Me' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { attachment } = (await upload(buyer.session, conversationId, jpeg, 'image/jpeg')).json();
    const stored = await ctx.app.inject({
      method: 'GET',
      url: attachment.url,
      headers: { cookie: buyer.session.cookie },
    });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['text declared as PNG', () => Buffer.from('hello, not an image'), 'image/png'],
    [
      'a PNG signature followed by garbage',
      () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
      'image/png',
    ],
    ['a GIF', () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif'],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
  ])('refuses %s', async (_name, make, type) => {
    const { buyer, conversationId } = await setup();
    const res = await upload(buyer.session, conversationId, make(), type);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.attachmentType);
  });

  it('refuses images over the size limit', async () => {
    const { buyer, conversationId } = await setup();
    const res = await upload(
      buyer.session,
      conversationId,
      Buffer.concat([await png(), Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES)]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.attachmentTooLarge);
  });

  it('answers a caller not signed in before reading the body, and reads JSON as bytes, not as JSON', async () => {
    const { buyer, conversationId } = await setup();
    const big = Buffer.alloc(CHAT_ATTACHMENT_MAX_BYTES + 1024);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/attachments`,
      headers: { 'content-type': 'image/png' },
      payload: big,
    });
    expect(anonymous.statusCode).toBe(401);
    const json = await upload(
      buyer.session,
      conversationId,
      Buffer.from(`{"a":"${'x'.repeat(100_000)}"}`),
      'application/json',
    );
    expect([json.statusCode, json.json().error.message]).toEqual([400, CHAT_MESSAGES.attachmentType]);
  });

  it('refuses uploads to a conversation the user is not in', async () => {
    const { conversationId } = await setup();
    const stranger = await userWithSession(ctx, 'buyer');
    const res = await upload(stranger.session, conversationId, await png());
    expect(res.statusCode).toBe(404);
    expect(fs.readdirSync(path.join(ctx.deps.config.privateUploadDir, 'chat')).length).toBeGreaterThan(0);
  });
});
