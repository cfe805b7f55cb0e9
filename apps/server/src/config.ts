import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const durationMs = z.coerce.number().int().positive().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: loopback in development (the dev mailbox and demo sign-ins stay on this machine), every interface in production.
  HOST: z.string().min(1).optional(),
  // Proxies whose X-Forwarded-For is believed: a hop count, or addresses/CIDRs separated by commas. Default: none.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null)
        ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of addresses/CIDRs' });
      return parsed ?? false;
    }),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, postgresql://, sqlite: or file:')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Accountry <no-reply@accountry.local>'),
  // Where replies to mails go: many mails ask the member to reply (a mistake, a change they did not make).
  MAIL_REPLY_TO: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NO_SEED: booleanish,
  // Demo data: seeded by default only in development; in production only when asked for with true.
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', '']).optional(),
  WEB_DIST: z.string().optional(),
  // Shortened timeouts for journeys and demos, never needed in production.
  SESSION_TIMEOUT_MS: durationMs,
  REMEMBER_TIMEOUT_MS: durationMs,
  UPLOAD_DIR: z.string().optional(),
  // Files only the API hands out after a permission check (chat attachments); never inside UPLOAD_DIR.
  PRIVATE_UPLOAD_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Shared rate-limit counters in Redis instead of the database (several processes).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('accountry'),
  // Per-user chat send limit; raised only by load benchmarks.
  CHAT_SEND_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // How often each process looks for messages waiting unread long enough to mail; 0: never (tests sweep by hand).
  CHAT_MAIL_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // How often each process mails the reset links asked of a process that stopped before it could; 0: never (tests).
  RESET_REQUEST_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // How often each process erases the accounts whose deletion passed its restore window; 0: never (tests erase by hand).
  ACCOUNT_ERASE_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  // How often each process mails saved searches' new listings (each search at most hourly); 0: never (tests by hand).
  SAVED_SEARCH_ALERT_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  // How long after a listing page's first unwritten view the views are written; 0: only on shutdown and by hand (tests).
  LISTING_VIEW_FLUSH_MS: z.coerce.number().int().min(0).default(1000),
  // Orders (issue 11).
  PAYMENT_PROVIDER: z.enum(['balance', 'stripe']).default('balance'),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).default(1000),
  // 32 bytes as 64 hex characters or base64; generated under DATA_DIR in development, required in production to
  // start the orders feature (decision 082).
  CREDENTIALS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/, 'must be 32 bytes as 64 hex characters or base64')
    .optional(),
  // Seconds between timer sweeps; tests sweep by hand.
  ORDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  // Shortens every protection period to this many ms (journeys and demos only; refused in production).
  PROTECTION_PERIOD_MS: durationMs,
  // Per-socket message rate and heartbeat interval; changed only by load benchmarks and tests.
  SOCKET_MESSAGES_PER_SECOND: z.coerce.number().int().positive().optional(),
  SOCKET_HEARTBEAT_MS: durationMs,
  // Per-seller quotas (decision 125): live listings, creations a day, screenshot uploads an hour and a day, stored bytes.
  LISTINGS_PER_SELLER: z.coerce.number().int().positive().default(200),
  LISTING_CREATIONS_PER_DAY: z.coerce.number().int().positive().default(30),
  IMAGE_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  IMAGE_UPLOADS_PER_DAY: z.coerce.number().int().positive().default(300),
  IMAGE_BYTES_PER_SELLER: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  // Bytes of chat images one member may store in 24 hours, sent or not (decision 209).
  CHAT_IMAGE_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  // Tracking events per address and minute; raised only by load benchmarks, which send from one address.
  TRAFFIC_IP_EVENTS_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // Stripe payments (decision 095): PAYMENT_PROVIDER=stripe needs both secrets; with them set, Stripe stays reachable
  // for earlier card orders when new ones are paid from the balance (decision 239).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  // Another host for Stripe's API (the local fake in tests and demos), never in production.
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
});

/** Rules across variables, reported like any other invalid value. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY)
    problem('STRIPE_SECRET_KEY', 'required when PAYMENT_PROVIDER=stripe');
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_WEBHOOK_SECRET)
    problem('STRIPE_WEBHOOK_SECRET', 'required when PAYMENT_PROVIDER=stripe');
  // One key without the other would leave Stripe half set up: payments it could not hear about, or none to refund.
  if (e.PAYMENT_PROVIDER !== 'stripe' && !e.STRIPE_SECRET_KEY !== !e.STRIPE_WEBHOOK_SECRET)
    problem(e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY', 'required with the other Stripe key');
  if (e.NODE_ENV === 'production' && e.STRIPE_API_BASE) problem('STRIPE_API_BASE', 'not allowed in production');
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.MAIL_REPLY_TO)
    problem('MAIL_REPLY_TO', 'required with SMTP_URL in production, since mails ask members to reply to them');
});

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

/** TRUST_PROXY: unset/empty → false, "2" → 2 hops, "10.0.0.1, 10.1.0.0/16" → that list; anything else → null. */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? Number(value) : null;
  const entries = value.split(',').map((v) => v.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !address || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
    const kind = isIP(address);
    if (!kind || (kind === 4 && !IPV4.test(address))) return false;
    return bits === undefined || Number(bits) <= (kind === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

function privateInsidePublic(uploadDir: string, privateDir: string | undefined) {
  if (!privateDir) return false;
  const rel = path.relative(path.resolve(uploadDir), path.resolve(privateDir));
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

function invalid(error: z.ZodError) {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

const createAdminEnvSchema = z.object({
  // Checked against the account password rules by createAdmin; prompted for on the terminal when unset.
  ADMIN_PASSWORD: z.string().optional(),
});

/** What `npm run create-admin` reads besides the server's configuration; never part of the running server's. */
export function loadCreateAdminConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = createAdminEnvSchema.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error);
  return { adminPassword: parsed.data.ADMIN_PASSWORD };
}

/** The server's settings (this module alone reads process.env): validated, or a clear refusal to start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = checkedEnvSchema
    .refine((e) => !privateInsidePublic(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'), e.PRIVATE_UPLOAD_DIR), {
      path: ['PRIVATE_UPLOAD_DIR'],
      message: 'must not be inside UPLOAD_DIR (its files are public)',
    })
    .safeParse(env);
  if (!parsed.success) throw invalid(parsed.error);
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.PROTECTION_PERIOD_MS)
    throw new ConfigError('Invalid environment configuration:\n  PROTECTION_PERIOD_MS: not allowed in production');
  const root = process.cwd();
  const dataDir = path.resolve(root, e.DATA_DIR);
  const uploadDir = path.resolve(root, e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'));
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'accountry.db')}`;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    // Every reply also encoded by zod and compared with the compiled serializer (plugins/reply-serializer.ts).
    checkReplies: e.NODE_ENV !== 'production',
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: e.TRUST_PROXY,
    databaseUrl,
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    explicitPublicUrl: !!e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailReplyTo: e.MAIL_REPLY_TO ?? 'Accountry Support <support@accountry.local>',
    logLevel: e.LOG_LEVEL,
    seed: e.SEED_DEMO_DATA
      ? e.SEED_DEMO_DATA === 'true' || e.SEED_DEMO_DATA === '1'
      : e.NODE_ENV !== 'production' && !e.NO_SEED,
    webDist: path.resolve(root, e.WEB_DIST ?? 'apps/web/dist'),
    // Resolved from the checkout, like the web build: the compiled server lives elsewhere than its sources.
    assetsDir: path.resolve(root, 'apps/server/assets'),
    sessionTimeoutMs: e.SESSION_TIMEOUT_MS,
    rememberTimeoutMs: e.REMEMBER_TIMEOUT_MS,
    uploadDir,
    privateUploadDir: path.resolve(root, e.PRIVATE_UPLOAD_DIR ?? `${uploadDir}-private`),
    chatSendPerMinute: e.CHAT_SEND_PER_MINUTE,
    chatMailSweepIntervalMs: e.CHAT_MAIL_SWEEP_INTERVAL_MS,
    accountEraseIntervalMs: e.ACCOUNT_ERASE_INTERVAL_MS,
    resetRequestSweepIntervalMs: e.RESET_REQUEST_SWEEP_INTERVAL_MS,
    savedSearchAlertIntervalMs: e.SAVED_SEARCH_ALERT_INTERVAL_MS,
    listingViewFlushMs: e.LISTING_VIEW_FLUSH_MS,
    orders: {
      paymentProvider: e.PAYMENT_PROVIDER,
      platformFeePercent: e.PLATFORM_FEE_PERCENT,
      payoutMinimumCents: e.PAYOUT_MINIMUM_CENTS,
      credentialsKey: e.CREDENTIALS_KEY,
      sweepIntervalMs: e.ORDER_SWEEP_INTERVAL_MS,
      protectionPeriodMs: e.PROTECTION_PERIOD_MS,
    },
    quotas: {
      listingsPerSeller: e.LISTINGS_PER_SELLER,
      listingCreationsPerDay: e.LISTING_CREATIONS_PER_DAY,
      imageUploadsPerHour: e.IMAGE_UPLOADS_PER_HOUR,
      imageUploadsPerDay: e.IMAGE_UPLOADS_PER_DAY,
      imageBytesPerSeller: e.IMAGE_BYTES_PER_SELLER,
      chatImageBytesPerDay: e.CHAT_IMAGE_BYTES_PER_DAY,
    },
    socketMessagesPerSecond: e.SOCKET_MESSAGES_PER_SECOND,
    socketHeartbeatMs: e.SOCKET_HEARTBEAT_MS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    trafficIpEventsPerMinute: e.TRAFFIC_IP_EVENTS_PER_MINUTE,
    // Set up whenever its keys are, so card orders made before a switch to the balance still reach Stripe (decision 239).
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            region: e.S3_REGION,
          }
        : undefined,
  };
}
