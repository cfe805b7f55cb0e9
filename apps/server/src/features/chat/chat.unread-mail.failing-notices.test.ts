import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTextMessage } from '../../test/chat-api';
import { refuseWrites } from '../../test/refused-writes';
import { createTestApp, type TestContext } from '../../test/test-app';
import { pairWithConversation } from './chat-test-helpers';
import { UnreadMailSweeper } from './unread-mail.service';

/**
 * A notice that cannot be queued (its reader's mail is refused) is logged and tried again next sweep: it must neither
 * end the sweep nor keep the conversations that went quiet after it from being looked at, and it is not lost.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MIN = 60_000;

/** A conversation whose seller has a message from the buyer waiting unread. */
async function waitingForSeller() {
  const pair = await pairWithConversation(ctx);
  const sent = await sendTextMessage(ctx.app, pair.buyer.session.headers, pair.conversationId, 'Still for sale?');
  expect(sent.statusCode).toBe(201);
  ctx.clock.advance(1);
  return pair.seller.user.email;
}

describe('the unread message mail past notices it cannot queue', () => {
  it('mails the readers after a failing one, and the failing one once its mail goes', async () => {
    const sweeper = new UnreadMailSweeper(ctx.deps);
    const stuck = [await waitingForSeller(), await waitingForSeller()];
    const lifts = await Promise.all(stuck.map((to) => refuseWrites(ctx.handle, 'mail_outbox', 'to', to, ['insert'])));
    const reader = await waitingForSeller();

    ctx.clock.advance(10 * MIN);
    expect(await sweeper.sweep()).toBe(1);
    expect(await ctx.mailsTo(reader)).toHaveLength(1);

    // Mended: the next sweep sends the notices it could not, and the one sent stays sent.
    for (const lift of lifts) await lift();
    expect(await sweeper.sweep()).toBe(2);
    for (const to of [...stuck, reader]) expect(await ctx.mailsTo(to)).toHaveLength(1);
    expect(await sweeper.sweep()).toBe(0);
  });
});
