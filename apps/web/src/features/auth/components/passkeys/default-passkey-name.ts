import { PASSKEY_NAME_MAX } from '@accountry/shared/passkeys';
import { detectBrowser } from '@accountry/shared/traffic-detect';

// Checked in this order: Android user agents also name Linux, and iPadOS may name itself a Mac.
const SYSTEMS: Array<[string, RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iPhone', /iPhone|iPod/],
  ['iPad', /iPad/],
  ['ChromeOS', /CrOS/],
  ['Mac', /Macintosh|Mac OS X/],
  ['Linux', /Linux/],
];

/** A name to tell this device's passkey apart from others, such as "Chrome on Windows"; the member can change it. */
export function defaultPasskeyName(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const browser = detectBrowser(userAgent);
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0];
  const name =
    browser !== 'Unknown' && system ? `${browser} on ${system}` : browser !== 'Unknown' ? browser : (system ?? '');
  return (name || 'My passkey').slice(0, PASSKEY_NAME_MAX);
}
