import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userWithSession, type TestContext } from '../../test/test-app';
import { newId } from '../../lib/ids';
import { insertListing, pairWithConversation, uploadAttachment } from './chat-test-helpers';

let ctx: TestContext;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accountry-exposure-'));
const legacyDir = path.join(uploadDir, 'chat');
beforeAll(async () => {
  // A file an earlier version left in the public tree.
  fs.mkdirSync(legacyDir, { recursive: true });
  fs.writeFileSync(path.join(legacyDir, 'legacy-attachment.webp'), 'private bytes');
  ctx = await createTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(`${uploadDir}-private`, { recursive: true, force: true });
});

async function privateAttachment() {
  const { buyer, conversationId } = await pairWithConversation(ctx);
  const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const res = await uploadAttachment(ctx, buyer.session, conversationId, image);
  expect(res.statusCode).toBe(201);
  return { id: res.json().attachment.id as string, buyer };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
}

describe('chat attachments stay private', () => {
  it('are stored outside the public upload folder; files left there by earlier versions are moved out', async () => {
    const { id } = await privateAttachment();
    expect(filesUnder(uploadDir).filter((f) => f.includes(id) || f.includes('legacy-attachment'))).toEqual([]);
    const privateChat = path.join(ctx.deps.config.privateUploadDir, 'chat');
    expect(fs.existsSync(path.join(privateChat, `${id}.webp`))).toBe(true);
    expect(fs.readFileSync(path.join(privateChat, 'legacy-attachment.webp'), 'utf8')).toBe('private bytes');
  });

  it('cannot be reached through the public listing images by any path trick', async () => {
    const { id } = await privateAttachment();
    const file = path.join(ctx.deps.config.privateUploadDir, 'chat', `${id}.webp`);
    const privateName = path.basename(ctx.deps.config.privateUploadDir);
    // Also plant a copy where the old layout kept it, so a path that would reach it is caught.
    fs.mkdirSync(legacyDir, { recursive: true });
    fs.copyFileSync(file, path.join(legacyDir, `${id}.webp`));
    const urls = [
      `/uploads/chat/${id}.webp`,
      `/uploads/listings/..%2Fchat/${id}.webp`,
      `/uploads/listings/%2e%2e%2fchat/${id}.webp`,
      `/uploads/listings/..%252Fchat/${id}.webp`,
      `/uploads/listings/%252e%252e%252fchat/${id}.webp`,
      `/uploads/listings/..%5Cchat%5C${id}.webp`,
      `/uploads/listings/..\\chat\\${id}.webp`,
      `/uploads/listings/../chat/${id}.webp`,
      `/uploads/listings/..%2F..%2F${privateName}%2Fchat%2F${id}.webp`,
      `/uploads/listings/${encodeURIComponent(file)}`,
      `/uploads/listings/${file}`,
      `/uploads/listings//${file.replace(/^\//, '')}`,
      `/uploads/demo/..%2Fchat%2F${id}.webp`,
    ];
    const served: string[] = [];
    for (const url of urls) {
      const res = await ctx.app.inject({ url });
      if (res.statusCode < 300 || res.body.includes('RIFF')) served.push(`${url} → ${res.statusCode}`);
      else expect([403, 404], url).toContain(res.statusCode);
    }
    fs.rmSync(path.join(legacyDir, `${id}.webp`));
    expect(served).toEqual([]);
  });

  it('serves listing screenshots from the listings folder only, with nosniff, like the attachment route', async () => {
    const seller = await userWithSession(ctx, 'seller');
    const listing = await insertListing(ctx, seller.user.id);
    const dir = path.join(uploadDir, 'listings', listing.id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'shot.webp'), 'webp bytes');
    fs.writeFileSync(path.join(dir, 'notes.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(dir, '.hidden.webp'), 'hidden');
    // Each named by a screenshot of the live listing, so what refuses the other files is the folder's serving rules.
    for (const [i, file] of ['shot.webp', 'notes.html', '.hidden.webp', ''].entries()) {
      const url = `/uploads/listings/${listing.id}/${file}`;
      const row = { id: newId(), listingId: listing.id, position: i, url, thumbUrl: url, width: 1, height: 1 };
      await ctx.db
        .insertInto('listingImages')
        .values({ ...row, createdAt: ctx.clock.now() })
        .execute();
    }
    const ok = await ctx.app.inject({ url: `/uploads/listings/${listing.id}/shot.webp` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    for (const file of ['notes.html', '.hidden.webp', ''])
      expect((await ctx.app.inject({ url: `/uploads/listings/${listing.id}/${file}` })).statusCode, file).toBe(404);
    const demo = await ctx.app.inject({ url: '/uploads/demo/demo-01-thumb.webp' });
    expect(demo.headers['x-content-type-options']).toBe('nosniff');
    const { id, buyer } = await privateAttachment();
    const mine = await ctx.app.inject({ url: `/api/chat/attachments/${id}`, headers: buyer.session.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['cache-control']).toContain('private');
  });
});
