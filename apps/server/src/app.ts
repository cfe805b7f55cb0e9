import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { answerClientError } from './lib/client-error';
import { requestLoggerFactory } from './lib/server-logger';
import cookie from '@fastify/cookie';
import { SESSION_COOKIE, cookieName } from '@accountry/shared/constants';
import websocket from '@fastify/websocket';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { replySerializerCompiler } from './plugins/reply-serializer';
import type { DatabaseHandle } from './db/database';
import type { Mailer } from './email/mailer';
import { MailWorker } from './email/mail-worker';
import type { Clock } from './lib/clock';
import type { Config } from './config';
import { sessionStates, type SessionSettings } from './sessions/sessions.service';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerAuth } from './plugins/auth';
import { registerRequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerRateLimit } from './plugins/rate-limit';
import { createLimitStore } from './lib/create-limit-store';
import { JSON_BODY_LIMIT } from './lib/body-limits';
import type { LimitStore } from './lib/rate-limits';
import { SessionCache } from './sessions/session-cache';
import { registerSpa } from './plugins/spa';
import { withPageHead } from './plugins/page-head';
import { registerCompression } from './plugins/compression';
import type { Bus } from './realtime/bus';
import { SocketHub } from './realtime/socket-hub';
import { registerSocketRoute } from './realtime/socket-route';
import { databaseSocketSlots } from './realtime/socket-slots';
import { healthRoutes } from './features/health/health.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { authRoutes } from './features/auth/auth.routes';
import { listingsRoutes } from './features/listings/listings.routes';
import { favoritesRoutes } from './features/favorites/favorites.routes';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes';
import { dataExportRoutes } from './features/data-export/data-export.routes';
import { sellersRoutes } from './features/sellers/sellers.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { userAnnouncementsRoutes } from './features/announcements/user-announcements.routes';
import { registerAdminGuard } from './plugins/admin-guard';
import { registerRouteRegistry } from './plugins/route-registry';
import { registerInputRules } from './plugins/input-rules';
import { adminRoutes } from './features/admin/admin.routes';
import { trafficRoutes } from './features/traffic/traffic.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { adminOrdersRoutes } from './features/orders/admin-orders.routes';

export interface AppDeps {
  db: DatabaseHandle;
  /** How mail leaves the machine; only the outbox worker calls it. */
  mailer: Mailer;
  /** Sends the mail features queue with queueMail (main.ts starts it; tests run it by hand). */
  mailWorker: MailWorker;
  /** Rate-limit counters: shared (PostgreSQL or Redis) when several processes may serve, else in memory. */
  limits: LimitStore;
  clock: Clock;
  bus: Bus;
  config: Config;
  sessionSettings: SessionSettings;
  /** Recently resolved sessions; `invalidateSessions` (sessions/session-cache.ts) forgets them. */
  sessionCache: SessionCache;
  hub: SocketHub;
  /** The app's logger, for work outside a request (flushes, workers). */
  log: FastifyBaseLogger;
  /** Work to finish before the database closes (flush buffers). */
  onClose: Array<() => Promise<void>>;
}

export type BuildDeps = Omit<
  AppDeps,
  'hub' | 'sessionSettings' | 'sessionCache' | 'onClose' | 'mailWorker' | 'limits' | 'log'
> & {
  logger?: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the app was built with (tests and scripts reach services through them). */
    deps: AppDeps;
  }
}

/**
 * A client has this long to send a whole request (headers and body). Without it a connection that announces a body
 * and trickles it, or never sends it, stays open for good: enough of them use up the process's file descriptors.
 * Two minutes leaves a slow phone room to upload the largest image.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** Delivered mail is deleted after a week when it went out by SMTP (its links are long dead). */
const SENT_MAIL_RETENTION_MS = 7 * 24 * 3600_000;

/** A hop count trusts the nearest n proxies (as Fastify's numeric option does); a list trusts those addresses. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Build the whole server from its dependencies: plugins first, then features. */
export async function buildApp(input: BuildDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(input.logger ? { loggerInstance: input.logger, childLoggerFactory: requestLoggerFactory } : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // plugins/request-log.ts logs what matters, by route pattern; Fastify's lines would log every raw URL.
    logController: new LogController({ disableRequestLogging: true }),
    // Only configured proxies may name the client (TRUST_PROXY); otherwise X-Forwarded-For is ignored.
    trustProxy: trustProxyOption(input.config.trustProxy),
    ajv: { customOptions: { removeAdditional: false } },
    // Fastify calls it bound to the instance (its type leaves `this` out).
    clientErrorHandler(this: unknown, err, socket) {
      answerClientError((this as FastifyInstance).log, err, socket);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(input.config.checkReplies));

  const sessionSettings: SessionSettings = {
    secureCookies: input.config.isProduction,
    sessionTimeoutMs: input.config.sessionTimeoutMs,
    rememberTimeoutMs: input.config.rememberTimeoutMs,
  };
  const sessionCache = new SessionCache(() => input.clock.now());
  const hub = new SocketHub({
    bus: input.bus,
    log: app.log,
    clock: input.clock,
    checkSessions: (ids) => sessionStates(input.db.db, ids, input.clock.now(), sessionSettings),
    messagesPerSecond: input.config.socketMessagesPerSecond,
    heartbeatMs: input.config.socketHeartbeatMs,
    // One SQLite process counts its own sockets; processes sharing PostgreSQL count them in the database.
    slots:
      input.db.engine === 'postgres'
        ? (processId, staleMs) => databaseSocketSlots(input.db.db, input.clock, processId, staleMs)
        : undefined,
  });
  const deps: AppDeps = {
    ...input,
    hub,
    log: app.log,
    onClose: [],
    limits: createLimitStore(input.db, input.clock, app.log, input.config.redis),
    mailWorker: new MailWorker(input.db.db, input.mailer, input.clock, app.log, {
      purgeSentAfterMs: input.config.smtpUrl ? SENT_MAIL_RETENTION_MS : undefined,
    }),
    sessionCache,
    sessionSettings,
  };

  // Hits before Redis connects would count per process: a route limit would double with two processes.
  await deps.limits.ready();

  registerErrorHandling(app);
  registerRequestLog(app);
  registerRouteRegistry(app);
  registerInputRules(app);
  await app.register(cookie);
  registerSecurityHeaders(app, {
    isProduction: input.config.isProduction,
    imageOrigin: input.config.s3?.endpoint,
  });
  await registerRateLimit(app, deps.limits);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerCompression(app);
  await registerOpenApi(app);
  registerAuth(app, deps);
  const stopSessionCache = deps.sessionCache.listen(input.bus);
  // Ended sessions (any process) leave the cache with their sockets: one ending mechanism, two consumers.
  hub.onSessionsEnded((end) => {
    if (end.userId) deps.sessionCache.forget({ userId: end.userId });
    for (const sessionId of end.sessionIds ?? []) deps.sessionCache.forget({ sessionId });
  });
  deps.onClose.push(async () => stopSessionCache());
  registerAdminGuard(app);

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(devMailboxRoutes(deps));
  await app.register(feedbackRoutes(deps));
  await app.register(listingsRoutes(deps));
  await app.register(favoritesRoutes(deps));
  await app.register(savedSearchesRoutes(deps));
  await app.register(dataExportRoutes(deps));
  await app.register(sellersRoutes(deps));
  await app.register(announcementsRoutes(deps));
  await app.register(userAnnouncementsRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(trafficRoutes(deps));
  await app.register(chatRoutes(deps));
  await app.register(ordersRoutes(deps));
  await app.register(adminOrdersRoutes(deps));
  registerSocketRoute(app, hub, input.config.explicitPublicUrl ? input.config.publicUrl : null);

  await registerSpa(app, input.config.webDist, {
    transformIndex: (html, urlPath) => withPageHead(html, urlPath, input.config.publicUrl),
    followRebuilds: input.config.env === 'development',
    sessionCookie: cookieName(SESSION_COOKIE, input.config.isProduction),
  });

  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await hub.close();
    await deps.mailWorker.stop();
    for (const fn of deps.onClose) await fn();
    await deps.limits.close();
  });
  return app;
}
