import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { appCipher, checkCipherKey } from './lib/app-cipher';
import { devMailboxMailer, smtpMailer } from './email/mailer';
import { systemClock } from './lib/clock';
import { memoryBus, postgresBus } from './realtime/bus';
import { demoCipher, isSeeded, seedDemoData } from './seed/seed-demo-data';
import { adminExists } from './features/admin/first-admin.service';
import { devMailboxEnabled } from './features/dev-mailbox/dev-mailbox.routes';
import { DEMO_USERS } from './seed/demo-users';
import cluster from 'node:cluster';
import { serverLogger } from './lib/server-logger';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = serverLogger(config.logLevel);
  const handle = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(handle.db);
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  const seedLog = (m: string) => logger.info(m);
  const production = config.isProduction;
  if (config.seed && (await seedDemoData(handle.db, systemClock, demoCipher(config), seedLog, { production })))
    logger.info('demo data seeded');
  const bus = handle.engine === 'postgres' ? await postgresBus(handle.url, 'public', { log: logger }) : memoryBus();
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, { from: config.mailFrom, replyTo: config.mailReplyTo })
    : devMailboxMailer(logger, devMailboxEnabled(config) ? '/dev/mailbox' : null);

  const app = await buildApp({ db: handle, mailer, clock: systemClock, bus, config, logger });
  await checkCipherKey(handle.db, appCipher(app.deps));
  // Handlers first: a stop signal during the welcome below still finishes requests and flushes counts.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await bus.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.deps.mailWorker.start();

  // Under the supervisor with several processes, the first one prints the welcome.
  if ((cluster.worker?.id ?? 1) === 1) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.explicitPublicUrl ? config.publicUrl : `http://localhost:${port}`;
    console.log(`\nAccountry is running on ${url} (database: ${handle.engine})`);
    console.log(`API docs: ${url}/api/docs${devMailboxEnabled(config) ? `   Dev mailbox: ${url}/dev/mailbox` : ''}`);
    // The demo passwords are public: shown only for a development database that holds the demo data.
    if (!config.isProduction && (await isSeeded(handle.db))) {
      console.log('Demo sign-ins:');
      for (const u of DEMO_USERS) console.log(`  ${u.role.padEnd(6)}  ${u.email.padEnd(24)}  ${u.password}`);
    }
    console.log('');
    if (!(await adminExists(handle.db)))
      logger.warn('No admin account exists yet. Create one with: npm run create-admin -- --email you@example.com');
    if (config.isProduction && !config.smtpUrl)
      logger.warn('SMTP_URL is not set: no email is sent (verification, password resets, notices stay in the outbox)');
  }
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
