import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@accountry/shared/chat';
import type { DatabaseHandle } from '../../db/database';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { userWithSession, type Session, type TestContext } from '../../test/test-app';
import { clientId, openConversation } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';

/**
 * A message with an image takes the careful path: its checks are read first, then it is numbered and stored. What
 * changes between the two (a block, the recipient's account closed) must stop it, as it stops a text message.
 */
let ctx: TestContext;
let second: DatabaseHandle;
let interleave: Interleave;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-chat-races-'));
useRaceTestApp((race) => ({ ctx, second, interleave } = race), { UPLOAD_DIR: uploadDir });
afterAll(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

async function withUpload() {
  const seller = await userWithSession(ctx, 'seller');
  const buyer = await userWithSession(ctx, 'buyer');
  const listing = await insertListing(ctx, seller.user.id);
  const conversationId = await openConversation(ctx.app, buyer.session.headers, listing.id);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/attachments`,
    payload: await png(),
    headers: { ...buyer.session.headers, 'content-type': 'image/png' },
  });
  expect(uploaded.statusCode).toBe(201);
  return { seller, buyer, conversationId, attachmentId: uploaded.json().attachment.id as string };
}

const sendImage = (session: Session, conversationId: string, attachmentId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    payload: { clientId: clientId(), body: 'look', attachmentId },
    headers: session.headers,
  });

const stored = (conversationId: string) =>
  ctx.db.selectFrom('messages').select('id').where('conversationId', '=', conversationId).execute();

describe('an image message and what lands after its checks were read', () => {
  it('a block the recipient makes meanwhile refuses it, and nothing is stored', async () => {
    const { seller, buyer, conversationId, attachmentId } = await withUpload();
    interleave.arm('user_blocks', async () => {
      await second.db
        .insertInto('userBlocks')
        .values({ blockerId: seller.user.id, blockedId: buyer.user.id, createdAt: ctx.clock.now() })
        .execute();
    });
    const res = await sendImage(buyer.session, conversationId, attachmentId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
    expect(await stored(conversationId)).toEqual([]);
  });

  it("the recipient's account disabled meanwhile refuses it, and nothing is stored", async () => {
    const { seller, buyer, conversationId, attachmentId } = await withUpload();
    interleave.arm('user_blocks', async () => {
      await second.db.updateTable('users').set({ disabled: true }).where('id', '=', seller.user.id).execute();
    });
    const res = await sendImage(buyer.session, conversationId, attachmentId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CHAT_MESSAGES.cannotMessage);
    expect(await stored(conversationId)).toEqual([]);
  });
});
