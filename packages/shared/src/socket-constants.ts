/** The tab WebSocket's path, limits, close codes and frame names: zod-free, so a page can use them without the schemas. */
export const SOCKET_PATH = '/api/ws';

export const SOCKET_LIMITS = {
  /** Larger frames close the socket (WebSocket close code 1009). */
  maxFrameBytes: 64 * 1024,
  /** Frames waiting to leave for one socket: past this its peer is not reading, and the socket is cut off. */
  maxBufferedBytes: 1024 * 1024,
  /** The server pings this often; a socket that misses this many pongs in a row is terminated. */
  heartbeatIntervalMs: 30_000,
  missedPongs: 2,
  /** Per-socket message budget (typing, receipts, sends, unread): a burst, then a steady rate. */
  messageBurst: 60,
  messagesPerSecond: 5,
  /** Open sockets per user (one per tab), across every server process on PostgreSQL (decision 127). */
  socketsPerUser: 20,
} as const;

export const SOCKET_CLOSE = {
  /**
   * The session ended (sign-out, password change or reset, disable, delete, inactivity), or its member's role changed:
   * the app re-checks it and, still signed in, opens a new socket.
   */
  sessionEnded: 4001,
  originRejected: 4003,
  tooManySockets: 4008,
  shuttingDown: 1001,
  /**
   * More frames than the message budget's burst before the socket had its place, or more than a burst sent on after
   * the budget refused them (a policy violation).
   */
  tooManyMessages: 1008,
  /** The server could not register the socket (its database failed): the client reconnects as after any drop. */
  serverError: 1011,
} as const;

export const SOCKET_CLOSE_REASONS = {
  signedOut: 'signed out',
  /** The member's role changed: the socket carried the old one (what it may receive). */
  sessionChanged: 'session changed',
  sessionExpired: 'session expired',
  signInRequired: 'sign in required',
  originNotAllowed: 'origin not allowed',
  serverError: 'server error',
  tooManySockets: 'too many connections for this user',
  shuttingDown: 'server shutting down',
  tooManyMessages: 'too many messages',
} as const;

export const SOCKET_MESSAGES = {
  notJson: 'Messages must be JSON.',
  notAnObject: 'Messages must be an object with a type.',
  unknownType: 'Unknown message type.',
  tooMany: 'Too many messages. Slow down and try again in a moment.',
  failed: 'Something went wrong.',
} as const;

/** Frames the server sends that are not feature events. */
export const SOCKET_EVENTS = {
  hello: 'hello',
  ack: 'ack',
  error: 'error',
  /** Events may have been missed (the server's bus reconnected): fetch what changed by sequence number. */
  resync: 'resync',
} as const;
