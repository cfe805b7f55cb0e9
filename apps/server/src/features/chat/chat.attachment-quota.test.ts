import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, type TestContext } from '../../test/test-app';
import { createTestAppWithUploads } from '../../test/listing-fixtures';
import { pairWithConversation, uploadAttachment } from './chat-test-helpers';
import { clientId } from '../../test/chat-api';

/**
 * An image of noise barely compresses: fitted into 1600×1600 it is stored as 1-2 MB of WebP. Thirty uploads every ten
 * minutes, each sent so the daily sweep keeps it, filled gigabytes of disk a day from one account.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const ALLOWANCE = 1_000_000;
const MESSAGE = 'You can send at most 1.0 MB of images a day. Try again later.';

let ctx: TestContext & { uploadDir: string };
beforeAll(async () => {
  ctx = await createTestAppWithUploads({ CHAT_IMAGE_BYTES_PER_DAY: String(ALLOWANCE) });
});
afterAll(() => ctx.close());

/** About 700 KB once stored: one fits the allowance, two do not. */
const noise = () => {
  const size = 1000;
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
};

const upload = (session: Session, conversationId: string, body: Buffer) =>
  uploadAttachment(ctx, session, conversationId, body);

const setup = () => pairWithConversation(ctx);

const storedFiles = () => fs.readdirSync(path.join(`${ctx.uploadDir}-private`, 'chat'));
const rowsOf = async (uploaderId: string) =>
  ctx.db.selectFrom('chatAttachments').select(['id', 'bytes']).where('uploaderId', '=', uploaderId).execute();

describe('the bytes of chat images a member stores in a day', () => {
  it('refuses an upload past the allowance (429, nothing stored) until a day has passed, sent or not', async () => {
    const { buyer, conversationId } = await setup();
    const image = await noise();
    const first = await upload(buyer.session, conversationId, image);
    expect(first.statusCode, first.body).toBe(201);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: '', attachmentId: first.json().attachment.id },
    });
    expect(sent.statusCode).toBe(201);
    const files = storedFiles().length;

    const second = await upload(buyer.session, conversationId, image);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toBe(MESSAGE);
    expect(await rowsOf(buyer.user.id)).toHaveLength(1);
    expect(storedFiles()).toHaveLength(files);

    // A day later (the session would have ended meanwhile: the upload is made older instead).
    await ctx.db
      .updateTable('chatAttachments')
      .set({ createdAt: ctx.clock.now() - DAY_MS })
      .where('uploaderId', '=', buyer.user.id)
      .execute();
    expect((await upload(buyer.session, conversationId, image)).statusCode).toBe(201);
  });

  it('lets uploads sent at once pass only while they fit', async () => {
    const { seller, conversationId } = await setup();
    const image = await noise();
    const results = await Promise.all([1, 2, 3, 4].map(() => upload(seller.session, conversationId, image)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429]);
    const rows = await rowsOf(seller.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].bytes).toBeLessThanOrEqual(ALLOWANCE);
  });
});
