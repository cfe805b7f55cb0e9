import fs from 'node:fs';

// Debian's old headless shell first: the same Chromium without the browser's UI layers, what Playwright itself runs
// headless, for about a fifth less of the journeys' CPU than the full browser (decision 250).
const JOURNEY_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium the journeys drive: CHROMIUM_PATH, else the first of Debian's builds installed; undefined if none. */
export function journeyChromium() {
  return process.env.CHROMIUM_PATH || JOURNEY_BROWSERS.find((file) => fs.existsSync(file));
}
