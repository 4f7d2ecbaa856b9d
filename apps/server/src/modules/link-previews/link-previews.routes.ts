/** GET /api/link-preview?url= — the composer's preview of a pasted link. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorBodySchema,
  LinkPreviewQuerySchema,
  LinkPreviewSchema,
  type LinkPreview,
} from '@otakura/shared';
import { optionalUser, requireUser } from '../auth/auth.guard';
import { fetchLinkPreview, type LinkPreviewData } from './link-previews.service';
import { linkPreviewDeps, linkPreviewSettings } from './link-previews.settings';

export function toLinkPreview(data: LinkPreviewData): LinkPreview {
  return {
    url: data.url,
    title: data.title,
    imageUrl: data.imageKey ? `/files/${data.imageKey}` : null,
    siteName: data.siteName,
  };
}

export const linkPreviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/link-preview',
    {
      config: {
        rateLimit: {
          max: () => linkPreviewSettings(app.ctx).rateLimit.max,
          timeWindow: linkPreviewSettings(app.ctx).rateLimit.windowMs,
          keyGenerator: async (req) => `link-preview:${(await optionalUser(req))?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['posts'],
        summary:
          "A link's title, image and site name (fetched by the server, cached; nulls when the page cannot be read)",
        querystring: LinkPreviewQuerySchema,
        response: {
          200: LinkPreviewSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (req) => {
      await requireUser(req);
      return toLinkPreview(await fetchLinkPreview(linkPreviewDeps(app), req.query.url));
    },
  );
};
