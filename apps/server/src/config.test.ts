import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadCreateAdminConfig } from './config';

// Production refuses to start without a credentials key (decision 082).
const production = { NODE_ENV: 'production', CREDENTIALS_KEY: 'a'.repeat(64) };

describe('loadConfig', () => {
  it('defaults to port 3000 and an SQLite file under ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toMatch(/^sqlite:.*data[/\\]accountry\.db$/);
    expect(c.isProduction).toBe(false);
  });

  it('takes PORT and a PostgreSQL DATABASE_URL', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe('postgres://u@localhost:5432/db');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SESSION_TIMEOUT_MS: '-5' }, 'SESSION_TIMEOUT_MS'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY: required'],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET: required'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET: required with the other Stripe key'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY: required with the other Stripe key'],
    [{ STRIPE_SECRET_KEY: 'pk_test_x' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE'],
    [{ NODE_ENV: 'production', STRIPE_API_BASE: 'http://127.0.0.1:1' }, 'STRIPE_API_BASE: not allowed in production'],
    [
      { ...production, SMTP_URL: 'smtp://mail.example.test' },
      'MAIL_REPLY_TO: required with SMTP_URL in production, since mails ask members to reply to them',
    ],
    [{ MAIL_REPLY_TO: 'x' }, 'MAIL_REPLY_TO'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, nonsense' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('sends replies to mails to a support address: a default in development, the one given in production', () => {
    expect(loadConfig({}).mailReplyTo).toBe('Accountry Support <support@accountry.local>');
    const smtp = { ...production, SMTP_URL: 'smtp://mail.example.test', MAIL_REPLY_TO: 'Help <help@market.example>' };
    expect(loadConfig(smtp).mailReplyTo).toBe('Help <help@market.example>');
  });

  it('takes Stripe when both secrets are given, and balance by default', () => {
    expect(loadConfig({}).orders.paymentProvider).toBe('balance');
    expect(loadConfig({}).stripe).toBeUndefined();
    const c = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_def',
      STRIPE_API_BASE: 'http://127.0.0.1:3351',
    });
    expect(c.orders.paymentProvider).toBe('stripe');
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_def',
      apiBase: 'http://127.0.0.1:3351',
    });
    // New orders paid from the balance, Stripe still set up for the card orders made before (decision 239).
    const switched = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' });
    expect(switched.orders.paymentProvider).toBe('balance');
    expect(switched.stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_def', apiBase: undefined });
  });

  it('binds loopback in development and every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy by default, and a hop count or a list of addresses when configured', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('seeds demo data in development by default, in production only when asked for', () => {
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ NO_SEED: 'true' }).seed).toBe(false);
    expect(loadConfig(production).seed).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seed).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seed).toBe(false);
  });
});

describe('loadCreateAdminConfig', () => {
  it('takes ADMIN_PASSWORD as given, and nothing when it is unset (the script then prompts)', () => {
    expect(loadCreateAdminConfig({ ADMIN_PASSWORD: 'A-long-Admin#password-2026' })).toEqual({
      adminPassword: 'A-long-Admin#password-2026',
    });
    expect(loadCreateAdminConfig({})).toEqual({ adminPassword: undefined });
  });
});
