import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * An unpaid order's page, for its buyer: the deadline is said once, by the payment window beside Pay, and no
 * countdown to the same time elsewhere on the page is shown or read out.
 */
export async function expectDeadlineOnce(page: Page) {
  const window = page.getByRole('region', { name: 'Order actions' }).getByText(/reserved for you until/);
  await expect(window).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/reserved for you until|Pay within/)).toHaveCount(1);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'What happens next' })).toHaveCount(0);
}
