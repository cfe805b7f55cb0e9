import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, userWithSession, type Session, type TestContext } from '../test/test-app';
import { TestSocket } from '../test/test-socket';

const REFUSED = { code: 4003, reason: 'origin not allowed' };

describe('the origin a socket is opened from', () => {
  let ctx: TestContext;
  let session: Session;
  let url: string;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    // The address members use, while the proxy in front passes its own Host on to the server.
    ctx = await createTestApp({ PUBLIC_URL: 'https://market.example.com' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/ws`;
    ({ session } = await userWithSession(ctx));
  });
  afterAll(async () => {
    for (const s of open) await s.close();
    await ctx.close();
  });

  async function attempt(headers: Record<string, string>) {
    const socket = new TestSocket(new WebSocket(url, { headers: { cookie: session.cookie, ...headers } }));
    open.push(socket);
    return Promise.race([socket.next('hello').then(() => 'open' as const), socket.whenClosed()]);
  }

  it('opens for the page the server serves, by its Host or by the public address', async () => {
    const { port } = ctx.app.server.address() as { port: number };
    expect(await attempt({ origin: `http://127.0.0.1:${port}` })).toBe('open');
    expect(await attempt({ origin: 'https://market.example.com', host: 'app-internal:3000' })).toBe('open');
    // No Origin: not a browser, which always sends one with a socket.
    expect(await attempt({})).toBe('open');
  });

  it('refuses a page of another site, whatever Host it names', async () => {
    expect(await attempt({ origin: 'https://evil.example' })).toEqual(REFUSED);
    expect(await attempt({ origin: 'https://evil.example', host: 'evil.example.com' })).not.toBe('open');
    expect(await attempt({ origin: 'https://market.example.com.evil.example' })).toEqual(REFUSED);
    expect(await attempt({ origin: 'http://market.example.com' })).toEqual(REFUSED);
    expect(await attempt({ origin: 'null' })).toEqual(REFUSED);
  });
});
