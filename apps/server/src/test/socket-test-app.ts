import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app';
import { OpenSockets } from './test-socket';

/** The file's test app and the sockets its tests open: made before the tests, the sockets closed before the app. */
export function useSocketTestApp(take: (ctx: TestContext) => void) {
  const opened = new OpenSockets();
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    take(ctx);
  });
  afterAll(async () => {
    await opened.closeAll();
    await ctx?.close();
  });
  return opened;
}
