import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface DevMail {
  subject: string;
  text: string;
  links: string[];
}

/** The mails sent to `to`, newest first, from the development mailbox's API (`base`: for a request without a baseURL). */
export async function mailsTo(request: APIRequestContext, to: string, base = ''): Promise<DevMail[]> {
  const res = await request.get(`${base}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: DevMail[] }).mails;
}

/**
 * The development mailbox for `to`, opened once the mail whose subject or text holds `about` is in it: the mail. Some
 * mails are queued just after the reply that says they were sent (a reset or verification link, decision 227), so on
 * a loaded machine the first look can come before them; the page is loaded again until the mail is there.
 */
export async function openMail(page: Page, to: string, about: string) {
  const mail = page.getByRole('article').filter({ hasText: about });
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return mail;
}
