import { expect, test } from './support/test';

// Issue 14's budget for a first visit to /browse: at most 150 kB (1,000 bytes each) of JavaScript, as sent. The bytes
// depend only on the build, so a change that passes the budget fails here, not only in `npm run bench -- web`.
const BUDGET_BYTES = 150_000;

test('a first visit to /browse downloads at most 150 kB of JavaScript, compressed', async ({ page }) => {
  const scripts: Array<Promise<{ url: string; bytes: number; encoding: string }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => ({
        url: new URL(request.url()).pathname,
        bytes: (await request.sizes()).responseBodySize,
        encoding: (await (await request.response())?.headerValue('content-encoding')) ?? 'identity',
      }))(),
    );
  });
  await page.goto('/browse');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sent = await Promise.all(scripts);
  const total = sent.reduce((n, s) => n + s.bytes, 0);
  const largest = [...sent].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  expect(total, `JavaScript sent for /browse; the largest: ${JSON.stringify(largest)}`).toBeLessThanOrEqual(
    BUDGET_BYTES,
  );
  // Every file of some size is sent compressed (a file is sent as it is only where compressing would not shrink it).
  expect(sent.filter((s) => s.bytes > 1_000 && s.encoding === 'identity')).toEqual([]);
});
