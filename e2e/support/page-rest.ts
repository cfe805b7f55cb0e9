import type { Page } from '@playwright/test';

/**
 * Until the page is at rest, for colours and positions to be judged: its requests have settled, so an element that appears with
 * them (the announcement banner slides and fades in after its fetch) has started its transition, and no transition
 * or finite animation still runs (mid-fade, text blends into its background). A spinner's endless one does not count.
 */
export async function waitForRest(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
