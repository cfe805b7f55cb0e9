import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies, ERROR_CODES } from '@accountry/shared/api-error';
import { LISTING_MESSAGES as M } from '@accountry/shared/listing-messages';
import { MAX_IMAGE_BYTES } from '@accountry/shared/listings';
import type { Role } from '@accountry/shared/roles';
import { listingImageSchema } from '@accountry/shared/listing-schemas';
import type { AppDeps } from '../../app';
import { requireRole } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limit';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { createImageStore, LocalImageStore } from './image-store';
import { ensureDemoImage, warmDemoImages } from './demo-images';
import { screenshotAccess, type ScreenshotAccess } from './screenshot-access';
import { PRIVATE_SCREENSHOT, PUBLIC_SCREENSHOT, screenshotRedirect } from './screenshot-caching';
import { S3ImageStore } from './s3-image-store';
import { addImage, assertCanAddImage, removeImage, reorderImages } from './listing-images.service';
import { claimImageUpload } from './seller-quotas';
import { noContent } from '../../lib/no-content';

const SELLERS: Role[] = ['seller', 'both'];
const tags = ['listing management'];
const errors = errorReplies(400, 401, 403, 404, 409, 413, 429);
const tooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, M.imageSize, { file: M.imageSize });
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** Screenshot upload (one image per request, so the browser can show progress per file), removal, order; and the files. */
export function listingImagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const store = createImageStore(deps.config);
  const local = new LocalImageStore(deps.config.uploadDir);
  return async (app) => {
    // Tests build many apps; only a real server prepares the demo screenshots ahead of time.
    if (deps.config.env !== 'test')
      app.addHook(
        'onReady',
        async () => void warmDemoImages(path.join(deps.config.uploadDir, 'demo')).catch(() => undefined),
      );
    await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 2 } });

    app.post(
      '/api/listings/:id/images',
      {
        config: perUser(60, '1 minute'),
        schema: {
          tags,
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 201: listingImageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireRole(request, SELLERS);
        await assertCanAddImage(deps, user, request.params.id);
        await claimImageUpload(deps, user.id);
        if (!request.isMultipart()) throw badRequest(M.imageMissing, { file: M.imageMissing });
        let upload: Buffer;
        try {
          const file = await request.file();
          if (!file) throw badRequest(M.imageMissing, { file: M.imageMissing });
          upload = await file.toBuffer();
        } catch (err) {
          if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
          if (err instanceof AppError) throw err;
          // Extra files or fields, or a malformed body: one screenshot per request is expected.
          throw badRequest(M.imageMissing, { file: M.imageMissing });
        }
        return reply.status(201).send(await addImage(deps, store, user, request.params.id, upload));
      },
    );

    app.delete(
      '/api/listings/:id/images/:imageId',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(64) }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeImage(deps, store, requireRole(request, SELLERS), request.params.id, request.params.imageId);
        return noContent(reply);
      },
    );

    app.put(
      '/api/listings/:id/images/order',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().min(1).max(64) }),
          body: z.strictObject({ ids: z.array(z.string().max(64)).max(20) }),
          response: { 200: z.object({ images: z.array(listingImageSchema) }), ...errors },
        },
      },
      async (request) => ({
        images: await reorderImages(deps, requireRole(request, SELLERS), request.params.id, request.body.ids),
      }),
    );

    // A screenshot is served as the listings that show it are (decision 218): a public one to everyone and to any
    // cache; any other only to those who may see it, and never kept by a shared cache, nor is its 404. Whichever store
    // holds it: the app hands out only its own URLs (decision 220).
    const allowed = new WeakMap<object, NonNullable<ScreenshotAccess>>();
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/uploads/listings/')) return;
      reply.header('cache-control', PRIVATE_SCREENSHOT);
      const url = request.url.split('?')[0];
      const listingId = url.slice('/uploads/listings/'.length).split('/')[0];
      const access = /^[\w-]{1,64}$/.test(listingId) ? await screenshotAccess(deps, request, url) : null;
      if (!access) throw notFound();
      allowed.set(request, access);
      if (access === 'public') reply.header('cache-control', PUBLIC_SCREENSHOT);
    });
    if (store instanceof S3ImageStore) {
      // The bucket is private: the asker, checked above, is sent to a presigned URL that expires.
      app.get('/uploads/listings/*', { schema: { hide: true } }, async (request, reply) => {
        const key = request.url.split('?')[0].slice('/uploads/'.length);
        const access = allowed.get(request);
        if (!access || !isImagePath(key.slice('listings/'.length))) throw notFound();
        const { location, cacheControl } = screenshotRedirect(store, key, access, deps.clock.now());
        return reply.header('cache-control', cacheControl).redirect(location, 302);
      });
    } else {
      // Stored screenshots: only the listings folder is public, and only image files in it. The folder exists from
      // the start (the first upload would make it), so a new install serves it without a warning.
      const listingsDir = path.join(deps.config.uploadDir, 'listings');
      await fs.promises.mkdir(listingsDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: listingsDir,
        prefix: '/uploads/listings/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        cacheControl: false,
        allowedPath: (pathName) => isImagePath(pathName),
        setHeaders: (reply, file) => {
          reply.header('content-type', TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
          reply.header('x-content-type-options', 'nosniff');
        },
      });
    }
    app.get('/uploads/demo/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!(await ensureDemoImage(path.join(deps.config.uploadDir, 'demo'), file))) throw notFound();
      return sendFile(reply, local, `demo/${file}`);
    });
  };
}

/** A plain relative image path (stored keys are ids): no parent steps, escapes, backslashes or hidden segments. */
function isImagePath(pathName: string) {
  if (/[\\%\0]|(^|\/)\.|\/\//.test(pathName)) return false;
  return !!TYPES[path.extname(pathName).toLowerCase()];
}

async function sendFile(reply: import('fastify').FastifyReply, local: LocalImageStore, rel: string) {
  const type = TYPES[path.extname(rel).toLowerCase()];
  let file: string;
  try {
    file = local.fileFor(rel);
  } catch {
    throw notFound();
  }
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!type || !stat?.isFile()) throw notFound();
  // Keys are unique ids: a stored file never changes.
  return reply
    .header('content-type', type)
    .header('content-length', stat.size)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(file));
}
