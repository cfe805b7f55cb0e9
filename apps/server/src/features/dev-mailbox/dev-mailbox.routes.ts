import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/app-error';
import { isLocalRequest, isLoopbackHost } from '../../lib/net';
import { listOutbox } from './dev-mailbox.repository';
import { linksIn, renderMailbox } from './mailbox-page';

const query = z.strictObject({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.number(),
  links: z.array(z.string()),
});

/** Only where mail goes to the outbox, and never in production: the outbox holds live sign-in links. */
export const devMailboxEnabled = (config: AppDeps['config']) => !config.isProduction && !config.smtpUrl;

/** GET /dev/mailbox (HTML) and GET /api/dev/mailbox (JSON): the mails stored in the outbox. */
export function devMailboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    if (!devMailboxEnabled(deps.config)) return;
    // The outbox holds live reset links: only a browser on this machine, at a page of this machine, may read it.
    app.addHook('onRequest', async (request) => {
      if (!isLocalRequest(request) || !isLoopbackHost(request.headers.host)) throw notFound();
    });

    app.get('/dev/mailbox', { schema: { hide: true, querystring: query } }, async (request, reply) => {
      const mails = await listOutbox(deps.db.db, { to: request.query.to || undefined, limit: request.query.limit });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailbox(mails, request.query.to));
    });

    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          querystring: query,
          response: { 200: z.object({ mails: z.array(mailSchema) }) },
        },
      },
      async (request, reply) => {
        const mails = await listOutbox(deps.db.db, { to: request.query.to || undefined, limit: request.query.limit });
        reply.header('cache-control', 'no-store');
        return { mails: mails.map((m) => ({ ...m, links: linksIn(m.text) })) };
      },
    );
  };
}
