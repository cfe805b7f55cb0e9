import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createUser, signedInPage } from './support/db';
import { creditBalance } from './support/orders';
import { postWithSession } from './support/session-api';
import { requestPayouts } from './support/wallet';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('an admin is warned of a reference another payout has, confirms it, then corrects a reference recorded wrong', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = createUser('seller', `Rita Payee ${randomBytes(2).toString('hex')}`);
  // References of their own: the journeys share one database, and another payout with one would be warned of.
  const ref = `SEPA-${randomBytes(3).toString('hex').toUpperCase()}`;
  const typed = ref.toLowerCase();
  const admin = createUser('admin');
  const otherAdmin = createUser('admin');
  const a = await signedInPage(browser, baseURL!, admin.id);
  const b = await signedInPage(browser, baseURL!, otherAdmin.id);
  const s = await signedInPage(browser, baseURL!, seller.id);
  await creditBalance(a.context, baseURL!, seller.id, 10_000);
  const [first] = await requestPayouts(s.context, baseURL!, seller.id, [3_000, 2_000]);
  // The first went out in a transfer the admin already recorded.
  await postWithSession(a.context, baseURL!, `/api/admin/payouts/${first}/paid`, { reference: ref });

  // The second is marked paid with the same reference, typed in another case: the server warns, the dialog says so.
  await a.page.goto('/admin/payouts');
  const table = a.page.getByRole('table', { name: 'Payouts' });
  const row = (amount: string) =>
    table.getByRole('row').filter({ hasText: seller.displayName }).filter({ hasText: amount });
  await row('$20.00')
    .getByRole('button', { name: `Mark paid: $20.00 to ${seller.displayName}` })
    .click();
  const paying = a.page.getByRole('dialog', { name: 'Mark this payout as paid?' });
  const reference = paying.getByRole('textbox', { name: 'Transfer reference' });
  await reference.fill(` ${typed} `);
  await a.page.keyboard.press('Enter');
  const warning = paying.getByRole('alert');
  await expect(warning).toHaveText(
    `This transfer reference is already recorded on another payout ($30.00 to ${seller.displayName}). Check that it is right before recording it again.`,
  );
  // Read first: a second Enter at once does not confirm it unread.
  await expect(warning).toBeFocused();
  await expect(paying.getByRole('button', { name: 'Mark paid anyway' })).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/admin/payouts with the duplicate reference warning');
  // Changing the text takes the warning away: the new text is checked anew.
  await reference.fill(ref.slice(0, -1));
  await expect(warning).toBeHidden();
  await expect(paying.getByRole('button', { name: 'Mark paid', exact: true })).toBeVisible();
  await reference.fill(typed);
  await a.page.keyboard.press('Enter');
  await expect(warning).toBeFocused();
  // Confirmed past the warning, a different refusal: it alone is said, with the focus on it, and the way past the
  // warning goes; what was confirmed is sent again with the next try, which records it without warning anew.
  const paid = (url: URL) => /^\/api\/admin\/payouts\/[^/]+\/paid$/.test(url.pathname);
  await a.page.route(
    paid,
    (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'The service is busy.' } } }),
    { times: 1 },
  );
  await paying.getByRole('button', { name: 'Mark paid anyway' }).click();
  await expect(paying.getByRole('alert')).toHaveText('The service is busy.');
  await expect(paying.getByRole('alert')).toBeFocused();
  await expect(a.page.getByText('The service is busy.')).toHaveCount(1);
  await expect(paying.getByText('This transfer reference is already recorded on another payout')).toHaveCount(0);
  await expect(paying.getByRole('button', { name: 'Mark paid anyway' })).toHaveCount(0);
  await paying.getByRole('button', { name: 'Mark paid', exact: true }).click();
  await expect(a.page.getByText('Payout marked as paid.')).toBeVisible();
  await expect(paying).toBeHidden();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeFocused();

  // It was a typo after all: the admin corrects it from the paid payouts.
  await a.page.goto('/admin/payouts?status=paid');
  await expect(row('$20.00').getByText(`Transfer reference: ${typed}`, { exact: true })).toBeVisible();
  const correctSecond = row('$20.00').getByRole('button', {
    name: `Correct the transfer reference: $20.00 to ${seller.displayName}`,
  });
  await correctSecond.click();
  const correcting = a.page.getByRole('dialog', { name: 'Correct the transfer reference?' });
  await expect(
    correcting.getByText(
      `The payout of $20.00 to ${seller.displayName} was recorded with the reference ${typed}. ${seller.displayName} is emailed the corrected one.`,
    ),
  ).toBeVisible();
  const field = correcting.getByRole('textbox', { name: 'Transfer reference' });
  await expect(field).toHaveValue(typed);
  await expect(field).toBeFocused();
  // Unchanged, it is no correction; the same checks as marking paid apply.
  await a.page.keyboard.press('Enter');
  await expect(
    correcting.getByText('That is the transfer reference already recorded. Change it to correct it.'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('R'.repeat(101));
  await a.page.keyboard.press('Enter');
  await expect(correcting.getByText('A transfer reference holds at most 100 characters.')).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/admin/payouts with the correct reference dialog open');
  await field.fill(` ${ref}-8 `);
  await a.page.keyboard.press('Enter');
  await expect(a.page.getByText('Transfer reference corrected.')).toBeVisible();
  await expect(correcting).toBeHidden();
  await expect(row('$20.00').getByText(`Transfer reference: ${ref}-8`, { exact: true })).toBeVisible();
  // The row stays, and so does the focus on its button.
  await expect(correctSecond).toBeFocused();

  // Another admin corrects the first payout's reference while this page still shows the old one: refused, and said.
  await postWithSession(b.context, baseURL!, `/api/admin/payouts/${first}/reference`, {
    reference: `${ref}-A`,
    previousReference: ref,
  });
  await row('$30.00')
    .getByRole('button', { name: `Correct the transfer reference: $30.00 to ${seller.displayName}` })
    .click();
  await field.fill(`${ref}-9`);
  await a.page.keyboard.press('Enter');
  await expect(
    correcting.getByText(
      'The transfer reference was corrected by someone else in the meantime. Reload the page to see it, then correct it again if needed.',
    ),
  ).toBeVisible();
  await correcting.getByRole('button', { name: 'Cancel' }).click();
  await a.page.reload();
  await expect(row('$30.00').getByText(`Transfer reference: ${ref}-A`, { exact: true })).toBeVisible();

  // The audit log has the correction with both references, and the reference recorded past the warning.
  await a.page.goto('/admin/audit');
  const log = a.page.getByRole('table', { name: 'Audit log' });
  const corrected = log
    .getByRole('row')
    .filter({ hasText: 'Corrected transfer reference' })
    .filter({ hasText: `Transfer reference: ${ref}-8` });
  await expect(corrected).toContainText(`Transfer reference before: ${typed}`);
  const confirmed = log
    .getByRole('row')
    .filter({ hasText: 'Marked payout paid' })
    .filter({ hasText: new RegExp(`Transfer reference: ${typed}`) });
  await expect(confirmed).toContainText('Also on another payout: Recorded anyway');

  // The seller sees the corrected references beside their payouts.
  await s.page.goto('/wallet');
  const history = s.page.getByRole('table', { name: 'Payouts' });
  await expect(history.getByText(`Transfer reference: ${ref}-8`, { exact: true })).toBeVisible();
  await expect(history.getByText(`Transfer reference: ${ref}-A`, { exact: true })).toBeVisible();

  // On a phone the paid payouts are cards, each with its button to correct the reference, and fit the screen.
  await a.page.setViewportSize({ width: 360, height: 740 });
  await a.page.goto('/admin/payouts?status=paid');
  await expect(
    a.page.getByRole('button', { name: `Correct the transfer reference: $20.00 to ${seller.displayName}` }),
  ).toBeVisible();
  const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
