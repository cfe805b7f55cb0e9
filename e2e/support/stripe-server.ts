import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { BrowserContext } from '@playwright/test';
import { FakeStripe } from '../../apps/server/src/test/fake-stripe/fake-stripe';
import { startAuthServer } from './auth-server';
import { insertRefusedRefund } from './refunds-db';

const SECRET = 'sk_test_journey';
const WEBHOOK_SECRET = 'whsec_journey';

/**
 * A server of its own that takes card payments through the local fake of Stripe (its hosted test page pays and sends
 * the signed webhook), with a seller's listing and a way to sign a browser context in as a member of that server.
 */
export async function startStripeServer() {
  const fake = await FakeStripe.start({ apiKey: SECRET, webhookSecret: WEBHOOK_SECRET });
  const server = await startAuthServer({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_BASE: fake.url,
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  fake.webhookUrl = webhookUrl;
  const complete = (session: { status: string }) => session.status === 'complete';
  const open = () => {
    const db = new SQLite(path.join(server.dataDir, 'accountry.db'));
    db.pragma('busy_timeout = 5000');
    return db;
  };
  return {
    url: server.url,
    createUser: server.createUser,
    /** An active listing of the seller's, at $30 unless told. */
    insertListing(sellerId: string, title: string, priceCents = 3000) {
      const id = randomBytes(16).toString('base64url');
      const now = Date.now();
      const db = open();
      db.prepare(
        `insert into listings (id, seller_id, title, category, platform, region, description, price_cents, currency,
          negotiable, level, items_count, account_age_months, verified, original_email, two_factor_removable,
          delivery_method, delivery_time, status, view_count, favorite_count, created_at, updated_at, published_at)
         values (?, ?, ?, 'game', 'fortnite', 'europe', 'Stacked locker.', ?, 'USD', 0, 'Level 200', 80, 36, 0, 1, 1,
          'full-access', 'instant', 'active', 0, 0, ?, ?, ?)`,
      ).run(id, sellerId, title, priceCents, now, now, now);
      db.close();
      return id;
    },
    /**
     * A card order paid at the fake (a completed Checkout Session) and canceled, whose refund Stripe refused for good
     * (decision 095): the fake itself would take it, so a retry at Stripe sends it.
     */
    insertRefusedRefund(order: { listingId: string; buyerId: string; sellerId: string; priceCents: number }) {
      const created = fake.resources.createSession({
        mode: 'payment',
        success_url: `${server.url}/orders`,
        line_items: {
          0: {
            quantity: '1',
            price_data: { currency: 'usd', unit_amount: String(order.priceCents), product_data: { name: 'Account' } },
          },
        },
      });
      const sessionId = (created.body as { id: string }).id;
      fake.resources.completeSession(sessionId);
      const db = open();
      try {
        return insertRefusedRefund(db, { ...order, sessionId });
      } finally {
        db.close();
      }
    },
    /** Signs the context in as the user with a session row and its cookies. */
    async signIn(context: BrowserContext, userId: string) {
      const token = randomBytes(32).toString('base64url');
      const csrf = randomBytes(18).toString('base64url');
      const now = Date.now();
      const db = open();
      db.prepare(
        `insert into sessions (id, public_id, user_id, remember, csrf_token, created_at, last_active, user_agent, ip)
         values (?, ?, ?, 0, ?, ?, ?, 'journey', '127.0.0.1')`,
      ).run(
        createHash('sha256').update(token).digest('base64url'),
        randomBytes(16).toString('base64url'),
        userId,
        csrf,
        now,
        now,
      );
      db.close();
      await context.addCookies([
        { name: 'sid', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
        { name: 'csrf_token', value: csrf, url: server.url, sameSite: 'Lax' },
      ]);
    },
    /**
     * Card payments made from now on are confirmed only when the returned function is called: their webhook comes
     * late, as it may, while the buyer is already back on the order.
     */
    holdWebhooks() {
      const confirmed = new Set([...fake.resources.sessions.values()].filter(complete).map((s) => s.id));
      fake.webhookUrl = undefined;
      return async () => {
        fake.webhookUrl = webhookUrl;
        for (const session of fake.resources.sessions.values())
          if (complete(session) && !confirmed.has(session.id))
            await fake.deliver(fake.event('checkout.session.completed', session));
      };
    },
    async stop() {
      await server.stop();
      await fake.close();
    },
  };
}
