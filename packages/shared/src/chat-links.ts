/** Split message text into plain text and safe links (http and https only), for rendering without HTML. */
export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// The WHATWG URL parser exists in browsers and Node; shared code compiles without either's types.
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  href: string;
}
declare const URL: new (input: string) => ParsedUrl;

const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"»”’]+$/;

/** The URL as a safe href, or null: only http(s) with a host, never javascript:, data: or credentials. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  let url: ParsedUrl;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

function trimTrailing(raw: string): string {
  let s = raw.replace(TRAILING, '');
  // A closing bracket belongs to the link only when the link opened one, as in Wikipedia URLs.
  while (/[)\]}]$/.test(s)) {
    const close = s.at(-1)!;
    const open = close === ')' ? '(' : close === ']' ? '[' : '{';
    if (s.split(open).length >= s.split(close).length) break;
    s = s.slice(0, -1).replace(TRAILING, '');
  }
  return s;
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const raw = trimTrailing(match[0]);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
