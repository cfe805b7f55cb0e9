import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithUploads } from '../../test/listing-fixtures';
import type { TestContext } from '../../test/test-app';
import { clientId } from '../../test/chat-api';
import { whileDiskFills } from '../../test/full-disk';
import { pairWithConversation, uploadAttachment } from './chat-test-helpers';

let ctx: TestContext & { uploadDir: string };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

const chatDir = () => path.join(ctx.deps.config.privateUploadDir, 'chat');
const files = () => (fs.existsSync(chatDir()) ? fs.readdirSync(chatDir()) : []);

describe('chat image files', () => {
  it('leaves no partial file behind when the image cannot be written whole (a full disk)', async () => {
    const { buyer, conversationId } = await pairWithConversation(ctx);
    const image = await png();
    const before = files();
    const res = await whileDiskFills(() => uploadAttachment(ctx, buyer.session, conversationId, image));
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(
      await ctx.db.selectFrom('chatAttachments').select('id').where('conversationId', '=', conversationId).execute(),
    ).toEqual([]);
    // No row points to it, so no sweep would ever remove it: it must not be left.
    expect(files()).toEqual(before);
  });

  it('is not kept by the browser for a year: a private image is served no-store, as a private screenshot is', async () => {
    const { seller, buyer, conversationId } = await pairWithConversation(ctx);
    const { attachment } = (await uploadAttachment(ctx, buyer.session, conversationId, await png())).json();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: '', attachmentId: attachment.id },
    });
    expect(sent.statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'GET',
      url: attachment.url,
      headers: { cookie: seller.session.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Kept a year as "immutable", the image outlived a sign-out on a shared computer and a lost right to see it.
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
