import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@accountry/shared/durations';
import { newId } from '../../lib/ids';
import { createTestAppWithUploads } from '../../test/listing-fixtures';
import type { TestContext } from '../../test/test-app';
import { insertAttachment } from './attachments.repository';
import { createChatServices } from './chat.services';
import { pairWithConversation } from './chat-test-helpers';

/**
 * An upload never sent whose file cannot be removed (here a folder stands where the file was, so removing it fails
 * every time) is logged and kept for the next sweep: it must neither end the sweep nor hold back the uploads after it,
 * however many such come first.
 */
let ctx: TestContext & { uploadDir: string };
beforeAll(async () => {
  ctx = await createTestAppWithUploads();
});
afterAll(() => ctx.close());

describe('the sweep of unsent chat uploads past files it cannot remove', () => {
  it('removes the uploads after more than a batch of failing ones', async () => {
    const { attachments } = createChatServices(ctx.deps, ctx.app.log);
    const { buyer, conversationId } = await pairWithConversation(ctx);
    const uploadedAt = ctx.clock.now() - 2 * DAY_MS;
    await fs.promises.mkdir(attachments.dir, { recursive: true });
    const unsent = async (i: number) => {
      const id = newId();
      const fileName = `${id}.webp`;
      const row = { id, conversationId, uploaderId: buyer.user.id, fileName, contentType: 'image/webp' };
      const size = { width: 1, height: 1, bytes: 4 };
      await insertAttachment(ctx.db, { ...row, ...size, messageId: null, createdAt: uploadedAt + i });
      return { id, file: path.join(attachments.dir, fileName) };
    };
    const stuck = [];
    for (let i = 0; i < 250; i++) {
      const upload = await unsent(i);
      await fs.promises.mkdir(upload.file);
      await fs.promises.writeFile(path.join(upload.file, 'kept'), 'x');
      stuck.push(upload.id);
    }
    const upload = await unsent(1000);
    await fs.promises.writeFile(upload.file, 'webp');

    expect(await attachments.sweepUnsent()).toBe(1);
    expect(fs.existsSync(upload.file)).toBe(false);
    const left = await ctx.db.selectFrom('chatAttachments').select('id').where('messageId', 'is', null).execute();
    // Each failing one is still there, for the next sweep.
    expect(new Set(left.map((a) => a.id))).toEqual(new Set(stuck));
  });
});
