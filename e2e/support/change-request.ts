import type { Page } from '@playwright/test';

type Body = Record<string, unknown>;

/**
 * Sends the page's next request to a matching URL with its JSON body changed by `change`, once: the real server then
 * answers what it would to input the page itself never sends (its own checks stop it), such as a refusal by field.
 */
export async function changeNextBody(page: Page, url: string, change: (body: Body) => Body) {
  await page.route(
    url,
    (route) => route.continue({ postData: JSON.stringify(change(route.request().postDataJSON() as Body)) }),
    { times: 1 },
  );
}
