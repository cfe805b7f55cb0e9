import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForRest } from './page-rest';

/** axe-core's WCAG 2.x A and AA violations on the page, once it is at rest. */
export async function a11yViolations(page: Page) {
  await waitForRest(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations;
}

/** Run axe-core over the page as it is now and fail on any serious or critical violation (WCAG 2.x A and AA). */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()) {
  const serious = (await a11yViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility violations on ${where}`).toEqual([]);
}
