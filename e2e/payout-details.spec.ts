import { randomBytes } from 'node:crypto';
import { expect as baseExpect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createUser, signedInPage } from './support/db';
import { creditBalance } from './support/orders';
import { passPayoutHold } from './support/wallet';

// The machine is shared: first page loads can take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test('a seller adds IBAN payout details, waits out the hold, requests a payout, and the admin sends it with a reference', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seller = createUser('seller', `Ida Payee ${randomBytes(2).toString('hex')}`);
  const admin = createUser('admin');
  const a = await signedInPage(browser, baseURL!, admin.id);
  await creditBalance(a.context, baseURL!, seller.id, 5_000);

  // Without payout details there is nowhere to send the money: the request waits for them.
  const s = await signedInPage(browser, baseURL!, seller.id);
  await s.page.goto('/wallet');
  await expect(s.page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const details = s.page.getByRole('region', { name: 'Payout details' });
  const request = s.page.getByRole('form', { name: 'Request a payout' });
  await expect(request.getByText('Add your payout details first, so we know where to send the money.')).toBeVisible();
  await expect(request.getByRole('button', { name: 'Request payout' })).toBeDisabled();

  // A mistyped IBAN is caught, with the field to fix focused; the dialog passes an accessibility check.
  await details.getByRole('button', { name: 'Add payout details' }).click();
  const dialog = s.page.getByRole('dialog', { name: 'Add payout details' });
  await expect(
    dialog.getByText(
      'For your safety, payouts wait 48 hours after your payout details, email address or password change, and we send an email to the address on your account each time these details change.',
    ),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Bank account with an IBAN' }).check();
  await dialog.getByRole('textbox', { name: 'Account holder' }).fill('Ida Payee');
  const iban = dialog.getByRole('textbox', { name: 'IBAN' });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await dialog.getByLabel('Current password').fill(seller.password);
  await dialog.getByRole('button', { name: 'Save payout details' }).click();
  await expect(dialog.getByText('Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.')).toBeVisible();
  await expect(iban).toBeFocused();
  await expectNoSeriousA11yViolations(s.page, '/wallet with the payout details dialog open');

  // The server checks the password: its refusal shows on the password field.
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await dialog.getByLabel('Current password').fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Save payout details' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();

  await dialog.getByLabel('Current password').fill(seller.password);
  await dialog.getByRole('button', { name: 'Save payout details' }).click();
  await expect(s.page.getByText('Your payout details were saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details.getByText('IBAN DE… ending 3000')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Change payout details' })).toBeFocused();

  // A change holds payouts for 48 hours, and the form says until when.
  await expect(
    request.getByText(
      'For your safety, payouts wait 48 hours after your payout details, email address or password change.',
    ),
  ).toBeVisible();
  await expect(
    request.getByText(/You can request one from \d{1,2} \w{3} \d{4}, \d{2}:\d{2} [A-Z][\w+-]*\./),
  ).toBeVisible();
  await expect(request.getByRole('button', { name: 'Request payout' })).toBeDisabled();

  // Two days later the seller requests a payout; it goes to the details as they were then.
  passPayoutHold(seller.id);
  await s.page.reload();
  await request.getByRole('textbox', { name: 'Amount (USD)' }).fill('25');
  await request.getByRole('button', { name: 'Request payout' }).click();
  const confirmation = s.page.getByRole('dialog', { name: 'Request a payout?' });
  // The confirmation opens on Cancel: Enter straight away does not move money.
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // It says where the money goes, as the details stand.
  await expect(confirmation).toHaveAccessibleDescription(
    '$25.00 leaves your available balance now and is held until an admin sends it to your IBAN DE… ending 3000.',
  );
  await confirmation.getByRole('button', { name: 'Request $25.00' }).click();
  await expect(s.page.getByText('Payout requested. An admin will send it and mark it paid.')).toBeVisible();
  const history = s.page.getByRole('table', { name: 'Payouts' });
  await expect(history.getByRole('row').nth(1)).toContainText('$25.00');
  await expect(history.getByRole('row').nth(1)).toContainText('IBAN DE… ending 3000');
  // No review time is promised: the request says what happens next, and that it can still be taken back.
  await expect(
    history.getByRole('row').nth(1).getByText('Waiting for review by our team. You can cancel it until then.'),
  ).toBeVisible();

  // A second request, taken back before an admin decides it: the amount returns to the balance.
  await request.getByRole('textbox', { name: 'Amount (USD)' }).fill('10');
  await request.getByRole('button', { name: 'Request payout' }).click();
  await s.page
    .getByRole('dialog', { name: 'Request a payout?' })
    .getByRole('button', { name: 'Request $10.00' })
    .click();
  await history.getByRole('button', { name: 'Cancel the payout request of $10.00' }).click();
  await s.page
    .getByRole('dialog', { name: 'Cancel this payout request?' })
    .getByRole('button', { name: 'Cancel request' })
    .click();
  await expect(
    s.page.getByText('Payout request canceled: the amount is back in your available balance.'),
  ).toBeVisible();
  await expect(history.getByRole('row').nth(1)).toContainText('Canceled');
  await expect(history.getByRole('row').nth(1)).not.toContainText('Waiting for review');
  await expect(history).toBeFocused();

  // The admin asks for the whole details of the open payout when about to send the money (each showing is audited).
  await a.page.goto('/admin/payouts');
  const row = a.page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: seller.displayName });
  await expect(row.getByText('IBAN DE… ending 3000')).toBeVisible();
  await expect(row.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
  // The status reads whole, not cut to "REQUE…".
  const status = row.getByText('Requested', { exact: true });
  const cut = await status.evaluate((label) => {
    const text = document.createRange();
    text.selectNodeContents(label);
    return text.getBoundingClientRect().width - label.getBoundingClientRect().width;
  });
  expect(cut).toBeLessThan(0.5);
  // By keyboard: the button keeps the focus while the details come, and after.
  await row.getByRole('button', { name: `Show details of the payout to ${seller.displayName}` }).focus();
  await a.page.keyboard.press('Enter');
  const shown = row.getByRole('definition');
  await expect(row.getByText('Account holder', { exact: true })).toBeVisible();
  await expect(shown.getByText('Ida Payee', { exact: true })).toBeVisible();
  await expect(shown.getByText('DE89 3704 0044 0532 0130 00', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Hide details of the payout to ${seller.displayName}` })).toBeFocused();
  await row.getByRole('button', { name: `Hide details of the payout to ${seller.displayName}` }).click();
  await expect(row.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
  // With its details in an admin's hands the money may be on its way: the seller can no longer take it back.
  await s.page.reload();
  const sending = history.getByRole('row').filter({ hasText: '$25.00' });
  await expect(sending.getByText('Being sent by our team, so it can no longer be canceled.')).toBeVisible();
  await expect(sending.getByRole('button', { name: 'Cancel the payout request of $25.00' })).toHaveCount(0);
  // An admin's own balance is changed by another admin: their own user page offers no form for it.
  await a.page.goto(`/admin/users/${admin.id}`);
  await expect(a.page.getByText('You cannot change your own balance. Another admin has to.')).toBeVisible();
  await expect(a.page.getByRole('button', { name: 'Update balance' })).toHaveCount(0);
  await a.page.goto('/admin/audit');
  const log = a.page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Showed payout details' }).first()).toContainText(
    seller.displayName,
  );

  // The seller removes the details: new payouts wait for new ones; the open payout still goes where it was asked to.
  await details.getByRole('button', { name: 'Change payout details' }).click();
  const change = s.page.getByRole('dialog', { name: 'Change payout details' });
  await expect(
    change.getByText(
      'Payouts go to IBAN DE… ending 3000 now. The new details replace them; a payout you already requested still goes there.',
    ),
  ).toBeVisible();
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
  await details.getByRole('button', { name: 'Remove payout details' }).click();
  const removal = s.page.getByRole('dialog', { name: 'Remove your payout details?' });
  await expect(
    removal.getByText(
      'Payouts will have nowhere to go until you add payout details again, and new details wait 48 hours. If you already requested a payout, it still goes to IBAN DE… ending 3000.',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(s.page, '/wallet with the remove payout details dialog open');
  await removal.getByRole('button', { name: 'Remove payout details' }).click();
  await expect(removal.getByText('Enter your password to confirm.')).toBeVisible();
  await expect(removal.getByLabel('Current password')).toBeFocused();
  await removal.getByLabel('Current password').fill(seller.password);
  await removal.getByRole('button', { name: 'Remove payout details' }).click();
  await expect(s.page.getByText('Your payout details were removed.')).toBeVisible();
  await expect(removal).toBeHidden();
  await expect(details.getByRole('button', { name: 'Add payout details' })).toBeFocused();
  await expect(request.getByText('Add your payout details first, so we know where to send the money.')).toBeVisible();
  // Still reachable by Tab while it waits, and it says why.
  const button = request.getByRole('button', { name: 'Request payout' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(/Add your payout details first/);

  // The admin sends the money and marks it paid with the transfer's reference, typed in the dialog and sent by Enter.
  await a.page.goto('/admin/payouts');
  const openRow = a.page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ hasText: seller.displayName });
  await openRow.getByRole('button', { name: `Mark paid: $25.00 to ${seller.displayName}` }).click();
  const paying = a.page.getByRole('dialog', { name: 'Mark this payout as paid?' });
  const reference = paying.getByRole('textbox', { name: 'Transfer reference' });
  await expect(reference).toBeFocused();
  await expect(reference).toHaveAccessibleDescription(
    `The bank transfer's reference or the PayPal transaction ID. Up to 100 characters. ${seller.displayName} sees it.`,
  );
  await a.page.keyboard.press('Enter');
  await expect(paying.getByText('Enter the transfer reference, up to 100 characters.')).toBeVisible();
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await expect(reference).toBeFocused();
  // Typing takes the message away: it was about the text as it was.
  await reference.pressSequentially('SEPA');
  await expect(paying.getByText('Enter the transfer reference, up to 100 characters.')).toBeHidden();
  await expect(reference).not.toHaveAttribute('aria-invalid', 'true');
  // Too long has its own message, not the one for an empty field.
  await reference.fill('R'.repeat(101));
  await a.page.keyboard.press('Enter');
  await expect(paying.getByText('A transfer reference holds at most 100 characters.')).toBeVisible();
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  // A zero-width space would hide in the seller's mail: refused before it is sent.
  await reference.fill('SEPA-2026\u200b-0417');
  await a.page.keyboard.press('Enter');
  await expect(
    paying.getByText(
      'Use one line of printable characters for the transfer reference: no tabs or other control characters.',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(a.page, '/admin/payouts with the mark paid dialog open');
  await reference.fill(' SEPA-2026-0417 ');
  await a.page.keyboard.press('Enter');
  await expect(a.page.getByText('Payout marked as paid.')).toBeVisible();
  await expect(paying).toBeHidden();
  // The row left the open payouts with its button: the focus is on the page's heading (decision 185).
  await expect(a.page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeFocused();
  await a.page.goto('/admin/payouts?status=paid');
  const paidRow = a.page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ hasText: seller.displayName });
  await expect(paidRow.getByText('Transfer reference: SEPA-2026-0417', { exact: true })).toBeVisible();
  await a.page.goto('/admin/audit');
  const marked = log.getByRole('row').filter({ hasText: 'Marked payout paid' }).filter({ hasText: seller.displayName });
  await expect(marked).toContainText('Transfer reference: SEPA-2026-0417');
  // The seller sees it beside the payout.
  await s.page.reload();
  const sent = history.getByRole('row').filter({ hasText: '$25.00' });
  await expect(sent).toContainText('Paid');
  await expect(sent.getByText('Transfer reference: SEPA-2026-0417', { exact: true })).toBeVisible();

  // On a phone the history is a list that fits the screen.
  await s.page.setViewportSize({ width: 360, height: 740 });
  const list = s.page.getByRole('list', { name: 'Payouts' });
  // Newest first: the canceled request, then the one the admin sent.
  await expect(list.getByRole('listitem').first()).toContainText('$10.00');
  await expect(list.getByRole('listitem').first()).toContainText('Canceled');
  await expect(list.getByRole('listitem').nth(1)).toContainText('$25.00');
  await expect(list.getByRole('listitem').nth(1)).toContainText('To IBAN DE… ending 3000');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Transfer reference: SEPA-2026-0417');
  // So is the balance history: each line a card that says in words where its money went (decision 201).
  const balance = s.page.getByRole('list', { name: 'Balance history' });
  // Newest first: the payout sent (it leaves the held balance only), the request taken back, then the two requests.
  await expect(balance.getByRole('listitem').first()).toContainText('Payout sent');
  await expect(balance.getByRole('listitem').first()).toContainText('$25.00 sent to you from held');
  await expect(balance.getByRole('listitem').nth(1)).toContainText('Payout request canceled');
  await expect(balance.getByRole('listitem').nth(1)).toContainText(
    '$10.00 moved back from held to your available balance',
  );
  await expect(balance.getByRole('listitem').nth(2)).toContainText(
    '$10.00 moved from your available balance to held for payouts',
  );
  const credit = balance.getByRole('listitem').last();
  await expect(credit).toContainText('Balance credit');
  await expect(credit).toContainText('$50.00 added to your available balance');
  await expect(credit).not.toContainText('held');
  const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
