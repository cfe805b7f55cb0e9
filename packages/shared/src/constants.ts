/** Business constants of spec section 9, written once. */
export const INACTIVITY_TIMEOUT_MS = 5 * 60 * 60 * 1000;
export const REMEMBER_ME_TIMEOUT_MS = 5 * 24 * 60 * 60 * 1000;
export const INACTIVITY_CHECK_INTERVAL_MS = 60 * 1000;
export const ACTIVITY_DEBOUNCE_MS = 1000;
export const NOTIFICATION_REFRESH_MS = 5 * 60 * 1000;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const BANNER_DELAY_MS = 300;
export const ACTIVE_SESSION_WINDOW_MS = 5 * 60 * 1000;
export const HOURLY_COUNTERS = 24;
export const DEFAULT_NOTIFICATION_PAGE_SIZE = 10;
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf_token';
export const SESSION_COOKIE = 'sid';
/** A browser's long-lived random id, so a sign-in from a device the account has not used is mailed (decision 170). */
export const DEVICE_COOKIE = 'device';
/**
 * Over HTTPS (production) the cookies carry the __Host- prefix: the browser then insists on Secure, Path=/ and no
 * Domain, so no subdomain or plain-HTTP page can set or shadow them.
 */
export const HOST_COOKIE_PREFIX = '__Host-';
export const cookieName = (name: string, secure: boolean) => (secure ? `${HOST_COOKIE_PREFIX}${name}` : name);

/** The site's support address: the terms, the privacy policy and the wallet's top-up send members to it. */
export const SUPPORT_EMAIL = 'support@accountry.example';
