import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@accountry/shared/api-error';
import {
  activeUsersSchema,
  sessionStartedSchema,
  TRAFFIC_ACTIVE_USERS_PATH,
  TRAFFIC_BODY_LIMIT,
  TRAFFIC_EVENTS_PATH,
  TRAFFIC_STATS_PATH,
  trafficEventSchema,
  trafficStatsQuerySchema,
  trafficStatsSchema,
} from '@accountry/shared/traffic';
import type { AppDeps } from '../../app';
import { tooManyRequests } from '../../lib/app-error';
import { clientAddressKey } from '../../lib/client-address';
import { requireAdmin } from '../../plugins/auth';
import { TrafficLimits } from './traffic-limiter';
import { TrafficRecorder } from './traffic.service';
import { readActiveUsers, readTrafficStats } from './traffic-stats.service';
import { noContent } from '../../lib/no-content';

const recorders = new WeakMap<AppDeps, TrafficRecorder>();

/** The recorder an app was built with (tests flush it; scripts reach it through app.deps). */
export function trafficRecorderOf(deps: AppDeps): TrafficRecorder {
  const recorder = recorders.get(deps);
  if (!recorder) throw new Error('trafficRoutes is not registered');
  return recorder;
}

/**
 * POST /api/traffic/events from every visitor (CSRF-exempt: navigator.sendBeacon cannot send headers);
 * GET /api/admin/traffic/stats and /active-users for admins.
 */
export function trafficRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const recorder = new TrafficRecorder(deps.db, deps.clock, app.log);
    recorders.set(deps, recorder);
    recorder.start();
    deps.onClose.push(() => recorder.stop());
    const limits = new TrafficLimits(deps.limits, deps.config.trafficIpEventsPerMinute);

    const eventRoutes: FastifyPluginAsyncZod = async (events) => {
      // sendBeacon with a string body arrives as text/plain; in this scope it is parsed as JSON like application/json.
      events.removeContentTypeParser('text/plain');
      events.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          const err = new Error('The request body is not valid JSON.') as FastifyError;
          Object.assign(err, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
          done(err, undefined);
        }
      });

      events.post(
        TRAFFIC_EVENTS_PATH,
        {
          bodyLimit: TRAFFIC_BODY_LIMIT,
          schema: {
            tags: ['traffic'],
            body: trafficEventSchema,
            response: {
              200: sessionStartedSchema,
              201: sessionStartedSchema,
              204: z.null(),
              400: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const event = request.body;
          const visit = { userAgent: request.headers['user-agent'] };
          // Obvious bots get an ordinary answer (no session for a start) and are not counted. An end counts nothing and
          // needs a session only a counted visitor has; it is not filtered, since an unload beacon may carry another UA.
          if (event.type !== 'session_end' && recorder.agent(visit.userAgent).bot) {
            return event.type === 'session_start' ? reply.status(200).send({ sessionId: null }) : noContent(reply);
          }
          if (!(await limits.allow(clientAddressKey(request.ip), event.visitorId))) throw tooManyRequests();
          switch (event.type) {
            case 'page_view':
              recorder.pageView(event, visit);
              return noContent(reply);
            case 'session_start':
              return reply.status(201).send({ sessionId: recorder.startSession(event, visit) });
            case 'session_end':
              recorder.endSession(event);
              return noContent(reply);
          }
        },
      );
    };
    await app.register(eventRoutes);

    app.get(
      TRAFFIC_STATS_PATH,
      {
        schema: {
          tags: ['traffic', 'admin'],
          querystring: trafficStatsQuerySchema,
          response: { 200: trafficStatsSchema, 400: apiErrorSchema },
        },
      },
      async (request) => {
        requireAdmin(request);
        await recorder.flush();
        return readTrafficStats(deps.db.db, deps.clock.now(), request.query);
      },
    );

    app.get(
      TRAFFIC_ACTIVE_USERS_PATH,
      { schema: { tags: ['traffic', 'admin'], response: { 200: activeUsersSchema } } },
      async (request) => {
        requireAdmin(request);
        // Spec section 8: the active-user count answers 0 on error.
        try {
          await recorder.flush();
          return { count: await readActiveUsers(deps.db.db, deps.clock.now()) };
        } catch (err) {
          request.log.error({ err }, 'active-user count failed');
          return { count: 0 };
        }
      },
    );
  };
}
