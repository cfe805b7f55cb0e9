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

// Decision 229: the server names a page's files and its first data in its HTML, from the list the build wrote, and
// the page then uses what was preloaded rather than asking again.
for (const { path, data, pageFile, shown } of [
  { path: '/browse', data: '/api/listings', pageFile: /\/browse-page-[\w-]+\.js$/, shown: 'Search results' },
  { path: '/', data: '/api/listings/home', pageFile: /\/home-page-[\w-]+\.js$/, shown: 'Just listed' },
]) {
  test(`${path}'s HTML names its files and first data, and the page asks for none of them twice`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const html = await (await page.goto(path))!.text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloaded.filter((f) => pageFile.test(f))).toHaveLength(1);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${data}">`);
    await expect(
      page
        .getByRole(path === '/' ? 'region' : 'list', { name: shown })
        .getByRole('article')
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p === data)).toHaveLength(1);
    for (const file of preloaded)
      expect(
        requested.filter((p) => p === file),
        file,
      ).toHaveLength(1);
  });
}
