import { escapeHtml } from '../lib/html';
import type { UnsubscribeLink } from './unsubscribe-links';

/**
 * Every mail's look: a heading, paragraphs, one button and a footer; the text part says the same in plain words. Mail
 * a member may stop ends its footer with an Unsubscribe link and carries the one-click headers (decision 216).
 */
export function mailLayout(
  title: string,
  lines: string[],
  link: { label: string; url: string },
  footer: string,
  { unsubscribe }: { unsubscribe?: UnsubscribeLink } = {},
) {
  const stop = unsubscribe ? ` <a href="${escapeHtml(unsubscribe.pageUrl)}" style="color:#666">Unsubscribe</a>` : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(footer)}${stop}</p>
</body></html>`;
  const text = [title, '', ...lines, '', `${link.label}: ${link.url}`, '', footer]
    .concat(unsubscribe ? [`Unsubscribe: ${unsubscribe.pageUrl}`] : [])
    .join('\n');
  return { html, text, ...(unsubscribe ? { headers: unsubscribe.headers } : {}) };
}
