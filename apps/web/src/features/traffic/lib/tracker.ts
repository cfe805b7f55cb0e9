import {
  MAX_REFERRER_LENGTH,
  MAX_TRACKED_PATH_LENGTH,
  SESSION_ID_STORAGE_KEY,
  TRAFFIC_EVENTS_PATH,
  VISITOR_ID_STORAGE_KEY,
} from '@accountry/shared/traffic-constants';
import type { SessionStarted, TrafficEvent } from '@accountry/shared/traffic';
import { notePageView } from '../../../lib/page-views';
import { randomId } from '../../../lib/random-id';

/**
 * Visitor tracking in the browser (spec sections 3, 4 and 7). The visitor id persists in localStorage, the session
 * id lives in this tab's sessionStorage. Tracking never breaks the page: failures go to the console only.
 */

const ID = /^[A-Za-z0-9_-]{8,64}$/;

// Storage can be unavailable (privacy modes, sandboxed frames): tracking then works for this page only.
function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

let memoryVisitor: string | null = null;

export function visitorId(): string {
  const local = store('localStorage');
  let id = local?.getItem(VISITOR_ID_STORAGE_KEY) ?? memoryVisitor;
  if (!id || !ID.test(id)) {
    id = randomId();
    local?.setItem(VISITOR_ID_STORAGE_KEY, id);
  }
  memoryVisitor = id;
  return id;
}

export const currentPath = () => location.pathname.slice(0, MAX_TRACKED_PATH_LENGTH);
const referrer = () => document.referrer.slice(0, MAX_REFERRER_LENGTH);

async function post(event: TrafficEvent): Promise<Response> {
  const res = await fetch(TRAFFIC_EVENTS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  if (!res.ok) throw new Error(`Traffic event ${event.type} answered ${res.status}`);
  return res;
}

let starting: Promise<string | null> | null = null;

/** This tab's session id, starting a session when the tab has none; null when it could not be started. */
function ensureSession(path: string): Promise<string | null> {
  const existing = store('sessionStorage')?.getItem(SESSION_ID_STORAGE_KEY);
  if (existing && ID.test(existing)) return Promise.resolve(existing);
  starting ??= post({ type: 'session_start', visitorId: visitorId(), path, referrer: referrer() })
    .then((res) => res.json() as Promise<SessionStarted>)
    .then(({ sessionId }) => {
      if (sessionId) store('sessionStorage')?.setItem(SESSION_ID_STORAGE_KEY, sessionId);
      return sessionId;
    })
    .catch((err) => {
      console.error('Could not start the visitor session', err);
      return null;
    });
  return starting;
}

/** Record a page view for the path and move the tab's session on (lastActive, currentPath, pageViews + 1). */
export function trackPageView(path = currentPath()): Promise<void> {
  const sent = (async () => {
    try {
      const sessionId = await ensureSession(path);
      await post({ type: 'page_view', visitorId: visitorId(), sessionId, path, referrer: referrer() });
    } catch (err) {
      console.error('Could not record the page view', err);
    }
  })();
  // "Active users now" waits for it: after a reload it is what resumes this tab's session.
  notePageView(sent);
  return sent;
}

/** End the tab's session as the page goes away; sendBeacon survives the unload (its text body is parsed as JSON). */
export function endSession() {
  try {
    const sessionId = store('sessionStorage')?.getItem(SESSION_ID_STORAGE_KEY);
    if (!sessionId) return;
    const event: TrafficEvent = { type: 'session_end', visitorId: visitorId(), sessionId, path: currentPath() };
    if (!navigator.sendBeacon(TRAFFIC_EVENTS_PATH, JSON.stringify(event)))
      console.error('Could not queue the session end');
  } catch (err) {
    console.error('Could not end the visitor session', err);
  }
}

let installed = false;

/** Once per document: end the session on pagehide; a page restored from the back-forward cache resumes it. */
export function installUnloadTracking() {
  if (installed) return;
  installed = true;
  window.addEventListener('pagehide', endSession);
  window.addEventListener('pageshow', (e) => {
    if (e.persisted) void trackPageView();
  });
}
