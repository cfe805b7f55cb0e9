import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database';
import type { AppDeps } from '../../app';

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const logo = fs.readFileSync(path.join(deps.config.assetsDir, 'logo.png'));
    app.get(
      '/healthz',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          response: {
            200: z.object({ status: z.literal('ready'), engine: z.string() }),
            503: z.object({ status: z.literal('unavailable') }),
          },
        },
      },
      async (_req, reply) => {
        try {
          await pingDatabase(deps.db.db);
          return { status: 'ready' as const, engine: deps.db.engine };
        } catch {
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
    app.get('/logo.png', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('image/png').header('cache-control', 'public, max-age=86400').send(logo),
    );
  };
}
