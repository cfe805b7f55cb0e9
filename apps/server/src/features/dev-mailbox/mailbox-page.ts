import type { MailOutboxTable } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/** The http(s) links in a mail's text. */
export function linksIn(text: string) {
  return text.match(URL_RE) ?? [];
}

/** Mail text, escaped, with its http(s) links made clickable. */
export function linkify(text: string) {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    out += escapeHtml(text.slice(last, m.index));
    const url = escapeHtml(m[0]);
    out += `<a href="${url}">${url}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The development mailbox: every stored mail, newest first, as plain server-rendered HTML. */
export function renderMailbox(
  mails: Pick<MailOutboxTable, 'id' | 'to' | 'subject' | 'text' | 'html' | 'createdAt'>[],
  filter?: string,
) {
  const items = mails
    .map((m) => {
      const time = new Date(m.createdAt).toISOString().replace('T', ' ').slice(0, 19);
      return `<article aria-labelledby="mail-${escapeHtml(m.id)}">
  <h2 id="mail-${escapeHtml(m.id)}">${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${time} UTC</p>
  <pre>${linkify(m.text)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Accountry</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:18px;margin:4px 0}.meta{color:#666;margin:4px 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}
form{display:flex;gap:8px;align-items:end}label{display:flex;flex-direction:column;font-size:14px}
</style></head>
<body><main>
<h1>Development mailbox</h1>
<p>Mails the server would have sent. Shown only in development, when no SMTP server is configured (SMTP_URL).</p>
<form method="get" action="/dev/mailbox"><label>Recipient<input type="email" name="to" value="${escapeHtml(filter ?? '')}"></label><button type="submit">Filter</button></form>
${items || '<p>No mails yet.</p>'}
</main></body></html>`;
}
