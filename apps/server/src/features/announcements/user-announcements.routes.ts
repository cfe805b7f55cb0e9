import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES as M, userNotificationsSchema } from '@accountry/shared/announcements';
import { errorReplies } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { requireUser } from '../../plugins/auth';
import { dismiss, dismissAll, getUserNotifications, markRead, unreadCount } from './user-announcements.service';
import { noContent } from '../../lib/no-content';

const BASE = '/api/announcements';
const params = z.object({ id: z.string().min(1, M.userAndNotificationRequired) });
const errors = errorReplies(400, 401, 404);
const tags = ['announcements'];

/** The signed-in user's own announcements: read them, mark them read, dismiss them. */
export function userAnnouncementsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(BASE, { schema: { tags, response: { 200: userNotificationsSchema, ...errors } } }, async (request) => {
      const user = requireUser(request);
      return { notifications: await getUserNotifications(deps, user) };
    });

    app.get(
      `${BASE}/unread-count`,
      { schema: { tags, response: { 200: z.object({ count: z.number() }), ...errors } } },
      async (request) => {
        const user = requireUser(request);
        return { count: await unreadCount(deps, user) };
      },
    );

    app.post(
      `${BASE}/dismiss-all`,
      { schema: { tags, response: { 200: z.object({ dismissed: z.number() }), ...errors } } },
      async (request) => {
        const user = requireUser(request);
        return { dismissed: await dismissAll(deps, user) };
      },
    );

    app.post(
      `${BASE}/:id/read`,
      { schema: { tags, params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await markRead(deps, requireUser(request), request.params.id);
        return noContent(reply);
      },
    );

    app.post(
      `${BASE}/:id/dismiss`,
      { schema: { tags, params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await dismiss(deps, requireUser(request), request.params.id);
        return noContent(reply);
      },
    );
  };
}
