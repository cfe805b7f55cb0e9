import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@accountry/shared/durations';
import { clientId } from '../../test/chat-api';
import { useRaceTestAppWithUploads, type RaceTestApp } from '../../test/race-app';
import { claimAttachment } from './attachments.repository';
import { createChatServices } from './chat.services';
import { pairWithConversation, uploadAttachment } from './chat-test-helpers';

/**
 * The sweep of unsent uploads and a send claiming one of them decide on the same row: an upload a message took while
 * the sweep was on its way to it keeps its file and row, however the two interleave.
 */
let race: RaceTestApp;
useRaceTestAppWithUploads((r) => (race = r));

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

describe('an upload sent while the unsent-upload sweep has read it', () => {
  it('keeps its row and its file', async () => {
    const { ctx, second, interleave } = race;
    const { seller, buyer, conversationId } = await pairWithConversation(ctx);
    const attachment = (await uploadAttachment(ctx, buyer.session, conversationId, await png())).json().attachment;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: buyer.session.headers,
      payload: { clientId: clientId(), body: 'here is the screenshot' },
    });
    expect(sent.statusCode).toBe(201);
    // A day old: the sweep reads it as unsent. Before it removes it, a send on another connection claims it.
    const old = { createdAt: ctx.clock.now() - DAY_MS - HOUR_MS };
    await ctx.db.updateTable('chatAttachments').set(old).where('id', '=', attachment.id).execute();
    const claim = { id: attachment.id, uploaderId: buyer.user.id, conversationId, messageId: sent.json().message.id };
    interleave.arm('chat_attachments', async () => expect(await claimAttachment(second.db, claim)).toBe(true));

    const { attachments } = createChatServices(ctx.deps, ctx.app.log);
    expect(await attachments.sweepUnsent()).toBe(0);

    const row = await ctx.db
      .selectFrom('chatAttachments')
      .select('messageId')
      .where('id', '=', attachment.id)
      .execute();
    expect(row).toEqual([{ messageId: claim.messageId }]);
    const seen = await ctx.app.inject({ method: 'GET', url: attachment.url, headers: seller.session.headers });
    expect(seen.statusCode).toBe(200);
  });
});
