import { describe, expect, it } from 'vitest';
import {
  browserOnDevice,
  detectBrowser,
  detectDevice,
  isBotUserAgent,
  referrerHost,
  sanitizeTrafficPath,
  type Browser,
  type DeviceType,
  USER_AGENT_READ,
} from './traffic-detect';

describe('sanitizeTrafficPath (spec section 7: / . [ ] # $ * become _)', () => {
  it.each([
    ['/', '_'],
    ['/about', '_about'],
    ['/how-it-works', '_how-it-works'],
    ['/account/u1/l2', '_account_u1_l2'],
    ['/file.name.png', '_file_name_png'],
    ['/a[0]/b#c$d*e', '_a_0__b_c_d_e'],
    ['/seller/Ab-9_x', '_seller_Ab-9_x'],
    ['/%E2%82%AC?x=1', '_%E2%82%AC?x=1'],
  ])('%s → %s', (path, key) => {
    expect(sanitizeTrafficPath(path)).toBe(key);
  });
});

// Real user-agent strings, one row per browser family and form factor.
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/115.0.0.0',
  operaPresto: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie6: 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  iphoneOpera:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 OPT/5.0.3',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  androidEdge:
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36 EdgA/131.0.2903.51',
  androidOpera:
    'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0',
  androidCubot:
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/5.1.21214/28.2725; U; ru) Presto/2.8.119 Version/11.10',
  windowsPhone:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  blackberry:
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1.0.346 Mobile Safari/534.11+',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadChrome:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:133.0) Gecko/133.0 Firefox/133.0',
  kindleSilk:
    'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/131.4.1 like Chrome/131.0.6778.135 Safari/537.36',
  playbook:
    'Mozilla/5.0 (PlayBook; U; RIM Tablet OS 2.1.0; en-US) AppleWebKit/536.2+ (KHTML, like Gecko) Version/7.2.1.0 Safari/536.2+',
  w3m: 'w3m/0.5.3+git20230121',
  empty: '',
};

describe('detectDevice and detectBrowser (spec section 9)', () => {
  it.each<[keyof typeof UA, DeviceType, Browser]>([
    ['chromeWindows', 'desktop', 'Chrome'],
    ['chromeMac', 'desktop', 'Chrome'],
    ['chromeLinux', 'desktop', 'Chrome'],
    ['firefoxWindows', 'desktop', 'Firefox'],
    ['firefoxLinux', 'desktop', 'Firefox'],
    ['safariMac', 'desktop', 'Safari'],
    ['edgeWindows', 'desktop', 'Edge'],
    ['edgeLegacy', 'desktop', 'Edge'],
    ['operaWindows', 'desktop', 'Opera'],
    ['operaPresto', 'desktop', 'Opera'],
    ['ie11', 'desktop', 'Internet Explorer'],
    ['ie10', 'desktop', 'Internet Explorer'],
    ['ie6', 'desktop', 'Internet Explorer'],
    ['iphoneSafari', 'mobile', 'Safari'],
    ['iphoneChrome', 'mobile', 'Chrome'],
    ['iphoneFirefox', 'mobile', 'Firefox'],
    ['iphoneEdge', 'mobile', 'Edge'],
    ['iphoneOpera', 'mobile', 'Opera'],
    ['androidChrome', 'mobile', 'Chrome'],
    ['androidSamsung', 'mobile', 'Chrome'],
    ['androidFirefox', 'mobile', 'Firefox'],
    ['androidEdge', 'mobile', 'Edge'],
    ['androidOpera', 'mobile', 'Opera'],
    ['androidCubot', 'mobile', 'Chrome'],
    ['operaMini', 'mobile', 'Opera'],
    ['windowsPhone', 'mobile', 'Internet Explorer'],
    ['blackberry', 'mobile', 'Safari'],
    ['ipadSafari', 'tablet', 'Safari'],
    ['ipadChrome', 'tablet', 'Chrome'],
    ['androidTablet', 'tablet', 'Chrome'],
    ['firefoxTablet', 'tablet', 'Firefox'],
    ['kindleSilk', 'tablet', 'Chrome'],
    ['playbook', 'tablet', 'Safari'],
    ['w3m', 'desktop', 'Unknown'],
    ['empty', 'desktop', 'Unknown'],
  ])('%s → %s, %s', (name, device, browser) => {
    expect(detectDevice(UA[name])).toBe(device);
    expect(detectBrowser(UA[name])).toBe(browser);
    expect(isBotUserAgent(UA[name])).toBe(name === 'empty');
  });

  it('treats a missing user agent as an unknown desktop browser', () => {
    expect(detectDevice(undefined)).toBe('desktop');
    expect(detectBrowser(null)).toBe('Unknown');
  });
});

describe('only the start of a user agent is read', () => {
  // Real ones are a few hundred characters; a header may be 16 KB, and the rules' scans must not grow with it.
  const padding = 'x'.repeat(USER_AGENT_READ);

  it('decides the device, the browser and the bot rule from the first USER_AGENT_READ characters', () => {
    expect(detectDevice(`Mozilla/5.0 (X11; Linux x86_64) ${padding} iPad`)).toBe('desktop');
    expect(detectDevice(`w3m/0.5.3 ${padding} iPhone`)).toBe('desktop');
    expect(detectBrowser(`w3m/0.5.3 ${padding} Firefox/130.0`)).toBe('Unknown');
    expect(isBotUserAgent(`Mozilla/5.0 (X11; Linux x86_64) ${padding} Googlebot/2.1`)).toBe(false);
  });

  it('reads a real user agent whole', () => {
    expect(UA.androidChrome.length).toBeLessThan(USER_AGENT_READ);
    expect(detectDevice(`${UA.androidTablet} ${padding} Mobi`)).toBe('tablet');
  });
});

describe('browserOnDevice (how a signed-in device is named)', () => {
  it.each<[keyof typeof UA, string]>([
    ['chromeWindows', 'Chrome on a desktop'],
    ['androidFirefox', 'Firefox on a mobile'],
    ['ipadSafari', 'Safari on a tablet'],
    ['empty', 'An unknown browser on a desktop'],
  ])('%s → %s', (name, expected) => {
    expect(browserOnDevice(UA[name])).toBe(expected);
  });
});

describe('isBotUserAgent (documented rule: obvious crawlers, headless browsers and HTTP libraries)', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.32.3',
    'Python-urllib/3.12',
    'Go-http-client/1.1',
    'Java/17.0.2',
    'okhttp/4.12.0',
    'axios/1.7.7',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'undici',
    '   ',
  ])('%s is a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });
});

describe('referrerHost (spec section 9)', () => {
  it.each([
    [undefined, 'direct'],
    ['', 'direct'],
    ['   ', 'direct'],
    ['https://www.google.com/', 'www.google.com'],
    ['https://www.google.com/search?q=buy+account&hl=en', 'www.google.com'],
    ['http://Example.COM:8080/path', 'example.com'],
    ['https://user:pass@forum.example.org/t/1', 'forum.example.org'],
    ['https://t.co/abc', 't.co'],
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
    ['http://localhost:3000/browse', 'localhost'],
    ['http://192.168.0.10/', '192.168.0.10'],
    ['http://[::1]:3000/', '[::1]'],
    ['https://example.com./x', 'example.com'],
    ['not a url', 'invalid'],
    ['www.google.com', 'invalid'],
    ['about:blank', 'invalid'],
    ['file:///home/me/page.html', 'invalid'],
    ['https://exa mple.com/', 'invalid'],
    ['https://-bad-.example/', 'invalid'],
    ['https://example.com:99999999/', 'invalid'],
    ['http://[::1/', 'invalid'],
    [`https://${'a'.repeat(250)}.com/`, 'invalid'],
  ])('%s → %s', (referrer, host) => {
    expect(referrerHost(referrer)).toBe(host);
  });
});
