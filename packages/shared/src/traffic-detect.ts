/**
 * Spec sections 7 and 9: how a page view is classified. Pure string rules, shared by the server (which classifies
 * from the request's User-Agent header) and by tests over real user-agent strings.
 */

export const DEVICE_TYPES = ['tablet', 'mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const BROWSERS = ['Firefox', 'Opera', 'Internet Explorer', 'Edge', 'Chrome', 'Safari', 'Unknown'] as const;
export type Browser = (typeof BROWSERS)[number];

export const DIRECT_REFERRER = 'direct';
export const INVALID_REFERRER = 'invalid';

/** Path keys have the characters / . [ ] # $ * replaced by _ (spec section 7). */
export function sanitizeTrafficPath(path: string): string {
  return path.replace(/[/.[\]#$*]/g, '_');
}

/**
 * How much of a user agent the rules read. Real ones are a few hundred characters; a header may be 16 KB, and the
 * tablet rule's look-ahead scans to the end from every "android", so a longer text took ~15 ms of the event loop.
 */
export const USER_AGENT_READ = 1024;
const readOf = (userAgent: string | null | undefined) => (userAgent ?? '').slice(0, USER_AGENT_READ);

// Tablets first: iPad and Android tablets also carry "Mobile"-like tokens; Android without "Mobi" is a tablet.
const TABLET = /(tablet|ipad|playbook|silk)|(android(?!.*mobi))/i;
const MOBILE =
  /mobi|iphone|ipod|android|blackberry|iemobile|windows phone|kindle|silk-accelerated|(hpw|web)os|opera m(obi|ini)/i;

export function detectDevice(userAgent: string | null | undefined): DeviceType {
  const ua = readOf(userAgent);
  if (TABLET.test(ua)) return 'tablet';
  if (MOBILE.test(ua)) return 'mobile';
  return 'desktop';
}

// Checked in this order: Opera and Edge user agents also name Chrome, and Chrome's also names Safari.
const BROWSER_RULES: Array<[Browser, RegExp]> = [
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Opera', /OPR\/|Opera|OPiOS\/|OPT\//],
  ['Internet Explorer', /Trident\/|MSIE /],
  ['Edge', /Edge?\/|EdgA\/|EdgiOS\//],
  ['Chrome', /Chrome\/|CriOS\/|Chromium\//],
  ['Safari', /Safari\//],
];

export function detectBrowser(userAgent: string | null | undefined): Browser {
  const ua = readOf(userAgent);
  for (const [name, re] of BROWSER_RULES) if (re.test(ua)) return name;
  return 'Unknown';
}

/** "Chrome on a desktop", "An unknown browser on a mobile": how the activity and device lists name a browser. */
export function browserOnDevice(userAgent: string): string {
  const browser = detectBrowser(userAgent);
  return `${browser === 'Unknown' ? 'An unknown browser' : browser} on a ${detectDevice(userAgent)}`;
}

const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/**
 * The referring host of a referrer URL: "direct" when there is none, "invalid" when it cannot be parsed
 * (written without URL so the shared package needs neither DOM nor Node types).
 */
export function referrerHost(referrer: string | null | undefined): string {
  const value = (referrer ?? '').trim();
  if (!value) return DIRECT_REFERRER;
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(value);
  if (!match) return INVALID_REFERRER;
  const authority = match[1].slice(match[1].lastIndexOf('@') + 1).toLowerCase();
  let host: string;
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end < 0 || !/^(:\d{1,5})?$/.test(authority.slice(end + 1))) return INVALID_REFERRER;
    host = authority.slice(0, end + 1);
    return IPV6.test(host) ? host : INVALID_REFERRER;
  }
  host = authority.replace(/:\d{0,5}$/, '').replace(/\.$/, '');
  if (!host || host.length > 253 || !HOST.test(host)) return INVALID_REFERRER;
  return host;
}

/**
 * Obvious bots are not counted: an empty user agent, crawlers and link-preview fetchers that name themselves
 * (…bot/, crawler, spider, slurp, facebookexternalhit, WhatsApp), headless and audit browsers (HeadlessChrome,
 * PhantomJS, Lighthouse) and HTTP libraries (curl, wget, python, Go, Java, okhttp, axios, node-fetch, undici).
 * "bot" must be followed by / - _ ; or end the string, so phone brands such as "CUBOT X30" still count.
 */
const BOT =
  /bot[/_;-]|bot$|crawl|spider|slurp|mediapartners|facebookexternalhit|whatsapp|embedly|headless|phantomjs|lighthouse|pingdom|uptime|curl\/|wget\/|python|go-http-client|^java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = readOf(userAgent).trim();
  return ua.length === 0 || BOT.test(ua);
}
