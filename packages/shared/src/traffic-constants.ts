/** Visitor tracking's paths, storage keys and limits, without the schemas (re-exported by traffic.ts). */
export const TRAFFIC_EVENTS_PATH = '/api/traffic/events';
export const TRAFFIC_STATS_PATH = '/api/admin/traffic/stats';
export const TRAFFIC_ACTIVE_USERS_PATH = '/api/admin/traffic/active-users';

/** Storage keys: the visitor id persists (localStorage); the session id lives per tab (sessionStorage). */
export const VISITOR_ID_STORAGE_KEY = 'accountry.visitorId';
export const SESSION_ID_STORAGE_KEY = 'accountry.trafficSessionId';

/** Spec section 9: a session's country and city default to unknown (no geolocation is done). */
export const UNKNOWN_LOCATION = 'unknown';

export const MAX_TRACKED_PATH_LENGTH = 256;
export const MAX_REFERRER_LENGTH = 2048;
