import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@accountry/shared/api-error';

/** Serve the built web app; any unknown non-API GET gets index.html so deep links load. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ error: { code: ERROR_CODES.notFound, message: `No route for ${request.method} ${url}` } });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}
