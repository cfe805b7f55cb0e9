import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
