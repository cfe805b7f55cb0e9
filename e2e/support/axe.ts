import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForRest } from './page-rest';

/**
 * An axe-core run over the page as it is, in the page itself. The default mode aggregates frames' results in a new
 * blank page, which cost 1-2 s a scan on the CI machines (about half of each accessibility journey); the page's own
 * run checks the same rules. It cannot reach a cross-origin frame, so a page with one fails here instead of going
 * unchecked (the app has none).
 */
export async function axeOn(page: Page) {
  const origin = new URL(page.url()).origin;
  const elsewhere = page
    .frames()
    .map((f) => f.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(elsewhere, `frames axe cannot reach on ${page.url()}`).toEqual([]);
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** axe-core's WCAG 2.x A and AA violations on the page, once it is at rest. */
export async function a11yViolations(page: Page) {
  await waitForRest(page);
  const results = await (await axeOn(page)).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations;
}

/** Run axe-core over the page as it is now and fail on any serious or critical violation (WCAG 2.x A and AA). */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()) {
  const serious = (await a11yViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility violations on ${where}`).toEqual([]);
}
