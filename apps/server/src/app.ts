import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/database';
import type { Mailer } from './email/mailer';
import type { Clock } from './lib/clock';
import type { Config } from './config';
import type { SessionSettings } from './features/auth/sessions.service';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerAuth } from './plugins/auth';
import { registerSpa } from './plugins/spa';
import type { Bus } from './realtime/bus';
import { SocketHub, registerSocketRoute } from './realtime/socket-hub';
import { healthRoutes } from './features/health/health.routes';
import { feedbackRoutes } from './features/feedback/feedback.routes';
import { authRoutes } from './features/auth/auth.routes';
import { listingsRoutes } from './features/listings/listings.routes';
import { favoritesRoutes } from './features/favorites/favorites.routes';
import { sellersRoutes } from './features/sellers/sellers.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { userAnnouncementsRoutes } from './features/announcements/user-announcements.routes';
import { registerAdminGuard } from './plugins/admin-guard';
import { adminRoutes } from './features/admin/admin.routes';
import { trafficRoutes } from './features/traffic/traffic.routes';
import { chatRoutes } from './features/chat/chat.routes';

export interface AppDeps {
  db: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  bus: Bus;
  config: Config;
  sessionSettings: SessionSettings;
  hub: SocketHub;
  /** Work to finish before the database closes (flush buffers). */
  onClose: Array<() => Promise<void>>;
}

export type BuildDeps = Omit<AppDeps, 'hub' | 'sessionSettings' | 'onClose'> & { logger?: FastifyBaseLogger };

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies the app was built with (tests and scripts reach services through them). */
    deps: AppDeps;
  }
}

const BODY_LIMIT = 1024 * 1024;

/** Build the whole server from its dependencies: plugins first, then features. */
export async function buildApp(input: BuildDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(input.logger ? { loggerInstance: input.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: input.config.isProduction,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const hub = new SocketHub(input.bus);
  const deps: AppDeps = {
    ...input,
    hub,
    onClose: [],
    sessionSettings: {
      secureCookies: input.config.isProduction,
      sessionTimeoutMs: input.config.sessionTimeoutMs,
      rememberTimeoutMs: input.config.rememberTimeoutMs,
    },
  };

  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(input.config.s3 ? [input.config.s3.endpoint] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: input.config.isProduction ? [] : null,
      },
    },
    hsts: input.config.isProduction,
  });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app);
  registerAuth(app, deps);
  registerAdminGuard(app);

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(devMailboxRoutes(deps));
  await app.register(feedbackRoutes(deps));
  await app.register(listingsRoutes(deps));
  await app.register(favoritesRoutes(deps));
  await app.register(sellersRoutes(deps));
  await app.register(announcementsRoutes(deps));
  await app.register(userAnnouncementsRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(trafficRoutes(deps));
  await app.register(chatRoutes(deps));
  registerSocketRoute(app, hub);

  await registerSpa(app, input.config.webDist);

  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    hub.close();
    for (const fn of deps.onClose) await fn();
  });
  return app;
}
