/** POST /api/uploads: one file for a future post (a thin handler over post-uploads.service). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, UploadSchema } from '@otakura/shared';
import { optionalUser, requireUser } from '../auth/auth.guard';
import { readFileToTemp } from './multipart';
import { purgeStaleUploads, savePostUpload, type UploadDeps } from './post-uploads.service';
import { uploadsSettings } from './uploads.settings';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): UploadDeps => ({ db: app.ctx.database.db, storage: app.ctx.storage });

  app.post(
    '/api/uploads',
    {
      config: {
        rateLimit: {
          max: () => uploadsSettings(app.ctx).uploadRateLimit.max,
          timeWindow: uploadsSettings(app.ctx).uploadRateLimit.windowMs,
          keyGenerator: async (req) => `post-upload:${(await optionalUser(req))?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload one image, GIF or video for a post (multipart, field `file`); the kind is read from the bytes',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          413: ApiErrorBodySchema,
          415: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      const caps = uploadsSettings(app.ctx).uploadMaxBytes;
      // Read under the larger cap; the cap of what the bytes turn out to be is checked next.
      const file = await readFileToTemp(req, {
        kind: 'video',
        reply,
        maxBytes: Math.max(caps.image, caps.video),
      });
      try {
        const upload = await savePostUpload(deps(), user.id, file, caps);
        void purgeStaleUploads(deps(), user.id);
        return reply.code(201).send(upload);
      } finally {
        await file.cleanup();
      }
    },
  );
};
