import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_TARGET_USERS,
  NOTIFICATION_MESSAGES as M,
  notificationErrorSchema,
  notificationInputSchema,
  notificationListQuerySchema,
  notificationMetricsSchema,
  notificationPageSchema,
  notificationSchema,
  notificationStatsSchema,
  sendToUsersSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@accountry/shared/announcements';
import { apiErrorSchema } from '@accountry/shared/api-error';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import { NotificationDataError } from './announcement-input';
import { searchUsers, usersByIds } from './announcement-users.repository';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  notificationMetrics,
  notificationStats,
  recallNotification,
  sendToUsers,
  updateNotification,
} from './announcements.service';
import { noContent } from '../../lib/no-content';

const BASE = '/api/admin/announcements';
const params = z.object({ id: z.string().min(1, M.idRequired) });
const errors = { 400: notificationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['announcements (admin)'];
/**
 * A list of up to 5,000 user ids (22 characters, ~125 KB in JSON) with the longest title and message (~13 KB
 * escaped): more than the default JSON limit, so these routes take up to twice that.
 */
const USER_LIST_BODY_LIMIT = 2 * (MAX_TARGET_USERS * 25 + 16 * 1024);

/** Announcement management: admin only, enforced here on the server. */
export function announcementsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Create and update failures carry the list of spec messages besides the usual error shape.
    app.setErrorHandler((err, _request, reply) => {
      if (!(err instanceof NotificationDataError)) throw err;
      return reply
        .status(400)
        .send({ error: { code: err.code, message: err.message, fields: err.fields, errors: err.errors } });
    });

    app.get(
      BASE,
      {
        schema: {
          tags,
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listNotifications(deps, request.query);
      },
    );

    app.get(
      `${BASE}/stats`,
      { schema: { tags, response: { 200: notificationStatsSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return notificationStats(deps);
      },
    );

    app.get(
      `${BASE}/user-search`,
      { schema: { tags, querystring: userSearchQuerySchema, response: { 200: userSearchResultSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        const ids = (request.query.ids ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 200);
        if (ids.length) return { users: await usersByIds(deps.db.db, ids) };
        return { users: request.query.q ? await searchUsers(deps.db.db, request.query.q) : [] };
      },
    );

    app.post(
      BASE,
      {
        bodyLimit: USER_LIST_BODY_LIMIT,
        schema: { tags, body: notificationInputSchema.nullish(), response: { 201: notificationSchema, ...errors } },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        return reply.status(201).send(await createNotification(deps, admin, request.body));
      },
    );

    app.get(
      `${BASE}/:id`,
      { schema: { tags, params, response: { 200: notificationSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return getNotification(deps, request.params.id);
      },
    );

    app.patch(
      `${BASE}/:id`,
      {
        bodyLimit: USER_LIST_BODY_LIMIT,
        schema: {
          tags,
          params,
          body: notificationInputSchema.nullish(),
          response: { 200: notificationSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return updateNotification(deps, admin, request.params.id, request.body);
      },
    );

    app.delete(
      `${BASE}/:id`,
      { schema: { tags, params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const admin = requireAdmin(request);
        await deleteNotification(deps, admin, request.params.id);
        return noContent(reply);
      },
    );

    app.post(
      `${BASE}/:id/recall`,
      { schema: { tags, params, response: { 200: notificationSchema, ...errors } } },
      async (request) => {
        const admin = requireAdmin(request);
        return recallNotification(deps, admin, request.params.id);
      },
    );

    app.post(
      `${BASE}/:id/send`,
      {
        bodyLimit: USER_LIST_BODY_LIMIT,
        schema: { tags, params, body: sendToUsersSchema.nullish(), response: { 200: notificationSchema, ...errors } },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return sendToUsers(deps, admin, request.params.id, request.body?.userIds);
      },
    );

    app.get(
      `${BASE}/:id/metrics`,
      { schema: { tags, params, response: { 200: notificationMetricsSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return notificationMetrics(deps, request.params.id);
      },
    );
  };
}
