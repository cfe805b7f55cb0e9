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
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, postgresql://, sqlite: or file:')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Accountry <no-reply@accountry.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NO_SEED: booleanish,
  WEB_DIST: z.string().optional(),
  // Shortened timeouts for journeys and demos, never needed in production.
  SESSION_TIMEOUT_MS: durationMs,
  REMEMBER_TIMEOUT_MS: durationMs,
  UPLOAD_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Per-user chat send limit; raised only by load benchmarks.
  CHAT_SEND_PER_MINUTE: z.coerce.number().int().positive().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** The only place that reads process.env: validate it, or refuse to start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = process.cwd();
  const dataDir = path.resolve(root, e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'accountry.db')}`;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    explicitPublicUrl: !!e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seed: !e.NO_SEED,
    webDist: path.resolve(root, e.WEB_DIST ?? 'apps/web/dist'),
    sessionTimeoutMs: e.SESSION_TIMEOUT_MS,
    rememberTimeoutMs: e.REMEMBER_TIMEOUT_MS,
    uploadDir: path.resolve(root, e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    chatSendPerMinute: e.CHAT_SEND_PER_MINUTE,
    s3: e.S3_ENDPOINT && e.S3_BUCKET
      ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID ?? '', secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '', region: e.S3_REGION }
      : undefined,
  };
}
