import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Run axe-core over the page as it is now and fail on any serious or critical violation (WCAG 2.x A and AA). */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()) {
  // Colours are judged at rest: once the page's requests have settled, an element that appears with them (the
  // announcement banner slides in after its fetch) has finished its transition; mid-fade its contrast is too low.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility violations on ${where}`).toEqual([]);
}
