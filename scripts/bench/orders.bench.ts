// Orders: whole deals per second (buy now → paid → delivered → confirmed, four transactions through the services,
// with history rows, ledger entries, listing moves and the parties' mails) on each engine, next to a bare baseline of
// four transactions writing the same number of rows per step into a plain table (22 a deal: 15 inserts, 7 updates).
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { openScratchDatabase } from '../../apps/server/src/db/scratch-database';
import { ManualClock, systemClock } from '../../apps/server/src/lib/clock';
import { EXTERNAL, availableAccount, postLedger } from '../../apps/server/src/lib/ledger';
import { memoryBus } from '../../apps/server/src/realtime/bus';
import { createUser } from '../../apps/server/src/test/test-app';
import type { Mailer } from '../../apps/server/src/email/mailer';
import type { AuthUser } from '../../apps/server/src/plugins/auth';
import { ordersContext } from '../../apps/server/src/features/orders/orders-context';
import { buyNow } from '../../apps/server/src/features/orders/buy-now.service';
import { confirmOrder, deliverOrder, payOrder } from '../../apps/server/src/features/orders/orders.service';
import { benchConfig, benchEngines, emit } from './support';

const DEALS = { sqlite: 400, postgres: 200 } as const;
// Rows each step writes: buy now 4; pay, deliver and confirm 4 each, plus a mail to each party queued with the move.
const ROWS_PER_STEP = [4, 6, 6, 6];
const noMail: Mailer = { send: async () => undefined };

export async function run() {
  for (const { engine, url } of benchEngines()) {
    const handle = await openScratchDatabase(engine, url, 'bench-orders');
    const bus = memoryBus();
    const config = benchConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(os.tmpdir(), 'accountry-no-web'),
      CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      ORDER_SWEEP_INTERVAL_MS: '0',
    });
    const app = await buildApp({ db: handle, mailer: noMail, clock: systemClock, bus, config });
    try {
      const n = DEALS[engine];
      const arrange = { db: handle.db, clock: new ManualClock(Date.now()) };
      const seller = (await createUser(arrange, { role: 'seller' })) as unknown as AuthUser;
      const buyer = (await createUser(arrange, { role: 'buyer' })) as unknown as AuthUser;
      const now = Date.now();
      const ids = Array.from({ length: n }, (_, i) => `bench-listing-${i}`);
      await handle.db
        .insertInto('listings')
        .values(
          ids.map((id) => ({
            id,
            sellerId: seller.id,
            title: 'Bench listing for orders',
            category: 'game' as const,
            platform: 'steam',
            region: 'europe',
            description: 'A bench listing with a description long enough.',
            priceCents: 1_000,
            currency: 'USD',
            negotiable: false,
            level: null,
            itemsCount: null,
            followers: null,
            engagementRate: null,
            accountAgeMonths: null,
            verified: false,
            originalEmail: false,
            twoFactorRemovable: false,
            deliveryMethod: 'full-access',
            deliveryTime: 'instant',
            status: 'active' as const,
            hiddenReason: null,
            statusBeforeHidden: null,
            viewCount: 0,
            favoriteCount: 0,
            createdAt: now,
            updatedAt: now,
            publishedAt: now,
            soldAt: null,
          })),
        )
        .execute();
      await handle.db
        .transaction()
        .execute((trx) =>
          postLedger(
            trx,
            { kind: 'credit', moves: [{ from: EXTERNAL, to: availableAccount(buyer.id), amountCents: n * 1_000 }] },
            now,
          ),
        );
      const ctx = ordersContext(app.deps);
      const credentials = { login: 'bench', password: 'bench', emailAccess: '', recoveryCodes: '', notes: '' };

      let t = performance.now();
      for (const listingId of ids) {
        const order = await buyNow(ctx, buyer, listingId);
        await payOrder(ctx, buyer, order.id);
        await deliverOrder(ctx, seller, order.id, credentials);
        await confirmOrder(ctx, buyer, order.id);
      }
      const dealsPerSecond = n / ((performance.now() - t) / 1000);

      await sql`create table bench_rows (id text primary key, n integer not null)`.execute(handle.db);
      t = performance.now();
      for (let i = 0; i < n; i++) {
        for (let step = 0; step < ROWS_PER_STEP.length; step++) {
          await handle.db.transaction().execute(async (trx) => {
            for (let r = 0; r < ROWS_PER_STEP[step]; r++)
              await sql`insert into bench_rows (id, n) values (${`${i}.${step}.${r}`}, ${r})`.execute(trx);
          });
        }
      }
      const bareDealsPerSecond = n / ((performance.now() - t) / 1000);
      emit({
        bench: 'orders.deal',
        engine,
        value: Math.round(dealsPerSecond),
        unit: 'deals/s',
        baseline: 'bare.4tx-22rows',
        baselineValue: Math.round(bareDealsPerSecond),
        deals: n,
      });
    } finally {
      await app.close();
      await bus.close();
      await handle.close();
    }
  }
}
