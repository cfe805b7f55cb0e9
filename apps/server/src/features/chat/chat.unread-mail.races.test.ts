import { afterEach, describe, expect, it } from 'vitest';
import { useRaceTestApp, type RaceTestApp } from '../../test/race-app';
import { testEngine, userWithSession, type Session } from '../../test/test-app';
import { clientId } from '../../test/chat-api';
import { insertListing } from './chat-test-helpers';
import { advanceRead } from './conversations.repository';
import { insertBlock } from './safety.repository';
import { UnreadMailSweeper } from './unread-mail.service';

/**
 * The unread-message sweep reads the conversations that went quiet, then claims each notice by a conditional update
 * of the side's marks. A reader who reads part of the conversation between the two (the first message, as the page
 * marks it read when it comes into view) makes the claim fail; the sweep moves past the conversation, and since no new
 * message comes, it is never looked at again: the messages still unread are never mailed. Read a moment earlier, the
 * same state is mailed.
 */
let race: RaceTestApp;
useRaceTestApp((r) => (race = r));
afterEach(() => race.interleave.disarm());

const MIN = 60_000;
type Party = Awaited<ReturnType<typeof userWithSession>>;

async function send(p: Party, conversationId: string, body: string) {
  const res = await race.ctx.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    payload: { clientId: clientId(), body },
    headers: p.session.headers,
  });
  expect(res.statusCode).toBe(201);
  return res.json().message.seq as number;
}

async function setup() {
  const { ctx } = race;
  const seller = await userWithSession(ctx, 'seller', { displayName: 'Sam Seller' });
  const buyer = await userWithSession(ctx, 'buyer', { displayName: 'Bea Buyer' });
  const listing = await insertListing(ctx, seller.user.id, { title: 'Level 80 raid-ready account' });
  const headers: Session['headers'] = buyer.session.headers;
  const open = await ctx.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    payload: { listingId: listing.id },
    headers,
  });
  return { seller, buyer, id: open.json().conversation.id as string };
}

describe('an unread-message notice and a read of part of the conversation at the same moment', () => {
  it('still mails the messages left unread, as it does when the read came first', async () => {
    const { ctx, second, interleave } = race;
    const sweeper = new UnreadMailSweeper(ctx.deps);
    const { seller, buyer, id } = await setup();
    const first = await send(buyer, id, 'Is the account still available?');
    await send(buyer, id, 'I can pay today.');
    ctx.clock.advance(11 * MIN);

    // The sweep has read the quiet conversations; the seller's page marks the first message read.
    interleave.arm('conversations', async () => {
      await advanceRead(second.db, id, 'seller', first);
    });
    await sweeper.sweep();
    ctx.clock.advance(MIN);
    await sweeper.sweep();

    expect((await ctx.mailsTo(seller.user.email)).map((m) => m.subject)).toEqual([
      'Bea Buyer sent you a message on Accountry',
    ]);
  });

  it('(the same state, read before the sweep, is mailed)', async () => {
    const { ctx } = race;
    const sweeper = new UnreadMailSweeper(ctx.deps);
    const { seller, buyer, id } = await setup();
    const first = await send(buyer, id, 'Is the account still available?');
    await send(buyer, id, 'I can pay today.');
    ctx.clock.advance(11 * MIN);
    await advanceRead(ctx.db, id, 'seller', first);
    await sweeper.sweep();
    expect((await ctx.mailsTo(seller.user.email)).map((m) => m.subject)).toEqual([
      'Bea Buyer sent you a message on Accountry',
    ]);
  });
});

/**
 * The sweep reads whether the reader may be mailed (no block either way, these mails on), then claims the notice. A
 * block or an opt-out the reader completes between the two must stop the mail, as one made a moment earlier does
 * (chat.unread-mail.test.ts): the claim carries the same condition.
 */
describe.runIf(testEngine === 'postgres')('an unread-message notice and a block or opt-out made meanwhile', () => {
  /** A sweeper already past the earlier tests' conversations, so the statement stopped at is this test's. */
  async function sweeperPastEarlierTests() {
    const sweeper = new UnreadMailSweeper(race.ctx.deps);
    await sweeper.sweep();
    return sweeper;
  }

  async function quietConversation() {
    const { seller, buyer, id } = await setup();
    await send(buyer, id, 'Is the account still available?');
    race.ctx.clock.advance(11 * MIN);
    return { seller, buyer };
  }

  it('a block the reader completes after the sweep read the facts: no mail', async () => {
    const { ctx, interleave, second } = race;
    const sweeper = await sweeperPastEarlierTests();
    const { seller, buyer } = await quietConversation();
    interleave.arm('users', () => insertBlock(second.db, seller.user.id, buyer.user.id, ctx.clock.now()));
    await sweeper.sweep();
    expect(await ctx.mailsTo(seller.user.email)).toEqual([]);
  });

  it('unread-message mails turned off after the sweep read the facts: no mail', async () => {
    const { ctx, interleave, second } = race;
    const sweeper = await sweeperPastEarlierTests();
    const { seller } = await quietConversation();
    interleave.arm('users', async () => {
      await second.db
        .insertInto('emailPreferences')
        .values({ userId: seller.user.id, unreadMessages: false, updatedAt: ctx.clock.now() })
        .execute();
    });
    await sweeper.sweep();
    expect(await ctx.mailsTo(seller.user.email)).toEqual([]);
  });
});
