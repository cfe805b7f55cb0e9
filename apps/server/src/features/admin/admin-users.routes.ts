import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@accountry/shared/api-error';
import {
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  changeRoleInputSchema,
  twoFactorOffInputSchema,
  userActionInputSchema,
} from '@accountry/shared/admin-users';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../plugins/auth';
import * as users from './admin-users.service';
import { getUserDetail, listUsers } from './admin-user-detail.service';
import { turnOffTwoFactor } from './admin-two-factor.service';
import { accountActivityQuerySchema, accountActivitySchema } from '@accountry/shared/account-activity';
import { userActivity } from './admin-user-activity.service';

const params = z.object({ userId: z.string().min(1).max(64) });
const errors = errorReplies(400, 401, 403, 404, 409);
const action = {
  tags: ['admin'],
  params,
  body: userActionInputSchema.optional(),
  response: { 200: adminUserDetailSchema, ...errors },
};

/** /api/admin/users: search, detail, role, disable/enable, delete/restore, turning off two-factor sign-in. */
export function adminUsersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users',
      {
        schema: {
          tags: ['admin'],
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listUsers(deps, request.query);
      },
    );

    app.get(
      '/api/admin/users/:userId',
      { schema: { tags: ['admin'], params, response: { 200: adminUserDetailSchema, ...errors } } },
      async (request) => {
        requireAdmin(request);
        return getUserDetail(deps, request.params.userId);
      },
    );

    app.get(
      '/api/admin/users/:userId/activity',
      {
        schema: {
          tags: ['admin'],
          params,
          querystring: accountActivityQuerySchema,
          response: { 200: accountActivitySchema, ...errors },
        },
      },
      async (request) => userActivity(deps, requireAdmin(request), request.params.userId, request.query.cursor),
    );

    app.put(
      '/api/admin/users/:userId/role',
      {
        schema: {
          tags: ['admin'],
          params,
          body: changeRoleInputSchema,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requireAdmin(request);
        return users.changeRole(deps, actor, request.params.userId, request.body.role);
      },
    );

    app.post('/api/admin/users/:userId/disable', { schema: action }, async (request) => {
      const actor = requireAdmin(request);
      return users.disableUser(deps, actor, request.params.userId, request.body?.reason);
    });

    app.post('/api/admin/users/:userId/enable', { schema: action }, async (request) => {
      const actor = requireAdmin(request);
      return users.enableUser(deps, actor, request.params.userId, request.body?.reason);
    });

    app.post('/api/admin/users/:userId/delete', { schema: action }, async (request) => {
      const actor = requireAdmin(request);
      return users.deleteUser(deps, actor, request.params.userId, request.body?.reason);
    });

    app.post('/api/admin/users/:userId/restore', { schema: action }, async (request) => {
      const actor = requireAdmin(request);
      return users.restoreUser(deps, actor, request.params.userId, request.body?.reason);
    });

    app.post(
      '/api/admin/users/:userId/two-factor/disable',
      { schema: { ...action, body: twoFactorOffInputSchema } },
      async (request) => {
        const actor = requireAdmin(request);
        return turnOffTwoFactor(deps, actor, request.params.userId, request.body.reason);
      },
    );
  };
}
