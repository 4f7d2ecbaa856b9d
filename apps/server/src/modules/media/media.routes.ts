/**
 * /api/media and /api/media-pages: the catalog, an entry's landing, media pages and likes. Thin
 * handlers (authenticate → validate → service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  LikeStateSchema,
  MediaListPageSchema,
  MediaPageSchema,
  MediaSchema,
  SearchMediaQuerySchema,
} from '@otakura/shared';
import { sendJsonText } from '../../lib/json-text';
import { EVERY_VIEWER, listPageKey } from '../../lib/page-cache';
import { requireUser } from '../auth/auth.guard';
import * as service from './media.service';

/** Any string: a malformed id answers 404 `media_not_found`, like an unknown one. */
const MediaParamsSchema = z.object({ mediaId: z.string().max(100) });
const MediaPageParamsSchema = z.object({ pageId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): service.MediaDeps => ({ db: app.ctx.database.db, live: app.ctx.live });

  app.get(
    '/api/media',
    {
      config: { readReplica: true },
      schema: {
        tags: ['media'],
        summary: 'The media list: alphabetical, case-insensitive substring of title or keyword',
        querystring: SearchMediaQuerySchema,
        response: { 200: MediaListPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req, reply) => {
      await requireUser(req);
      // Not cached while reads go to replicas: a replica may not yet have replayed a change whose
      // invalidation has already come (as the profile, users.routes).
      if (app.ctx.database.replicas) return service.searchMedia(db(), req.query);
      // The page cache (lib/page-cache.ts): the list is the same for every viewer, so the page
      // is kept as the JSON it was sent as (checked against its schema once, when stored), and
      // every change of the catalog drops it (migration 0015).
      const pages = app.ctx.pages.media;
      const key = listPageKey(req.query);
      const hit = pages.get(key, EVERY_VIEWER);
      if (hit) return sendJsonText(reply, hit.base);
      const epoch = pages.epoch;
      const json = JSON.stringify(
        MediaListPageSchema.parse(await service.searchMedia(db(), req.query)),
      );
      pages.set(key, EVERY_VIEWER, json, true, epoch);
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/api/media/:mediaId',
    {
      config: { readReplica: true },
      schema: {
        tags: ['media'],
        summary: "One media entry's landing, with what the signed-in user plays or reads next",
        params: MediaParamsSchema,
        response: { 200: MediaSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getMedia(db(), user.id, req.params.mediaId);
    },
  );

  app.get(
    '/api/media-pages/:pageId',
    {
      schema: {
        tags: ['media'],
        summary: 'One media page ({mediaId} or {mediaId}-{n}): episodes, volumes or issues',
        params: MediaPageParamsSchema,
        response: { 200: MediaPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getMediaPage(db(), user.id, req.params.pageId);
    },
  );

  for (const [method, like] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/media/:mediaId/like',
      schema: {
        tags: ['media'],
        summary: like ? 'Like a media entry (idempotent)' : 'Unlike a media entry (idempotent)',
        params: MediaParamsSchema,
        response: { 200: LikeStateSchema, ...errors },
      },
      handler: async (req) => {
        const user = await requireUser(req);
        return service.setLike(deps(), user.id, req.params.mediaId, like);
      },
    });
  }
};
