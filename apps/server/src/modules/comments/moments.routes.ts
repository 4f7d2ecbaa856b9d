/**
 * Comments pinned to a moment (docs/moments.md): the player's markers and timeline list, the
 * reader's counts per page, the "Discuss" lists. Creating one is `POST /api/media/:mediaId/comments`
 * with a `pin` (comments.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CommentPageSchema,
  EpisodeMomentsSchema,
  IssueMomentsSchema,
  ListEpisodeCommentsQuerySchema,
  ListIssueCommentsQuerySchema,
  ListVolumeCommentsQuerySchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as service from './moments.service';

// Ids are checked in the service: anything that is not one answers 404, like an unknown id.
const id = z.string().max(100);
const EpisodeParams = z.object({ episodeId: id });
const IssueParams = z.object({ issueId: id });
const VolumeParams = z.object({ volumeId: id });

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

export const momentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/episodes/:episodeId/moments',
    {
      schema: {
        tags: ['comments'],
        summary: "An episode's pinned moments (timeline markers) and its comment count",
        params: EpisodeParams,
        response: { 200: EpisodeMomentsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getEpisodeMoments(db(), user.id, req.params.episodeId);
    },
  );

  app.get(
    '/api/episodes/:episodeId/comments',
    {
      schema: {
        tags: ['comments'],
        summary:
          "An episode's comments in timeline order; `until` (playback seconds) shows the moments played past",
        params: EpisodeParams,
        querystring: ListEpisodeCommentsQuerySchema,
        response: { 200: CommentPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listEpisodeComments(db(), user.id, req.params.episodeId, req.query);
    },
  );

  app.get(
    '/api/issues/:issueId/moments',
    {
      schema: {
        tags: ['comments'],
        summary: "An issue's comment counts per page, and the issue's and its volume's counts",
        params: IssueParams,
        response: { 200: IssueMomentsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getIssueMoments(db(), user.id, req.params.issueId);
    },
  );

  app.get(
    '/api/issues/:issueId/comments',
    {
      schema: {
        tags: ['comments'],
        summary: "An issue's comments in page order, or one page's; `until` is the page on screen",
        params: IssueParams,
        querystring: ListIssueCommentsQuerySchema,
        response: { 200: CommentPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listIssueComments(db(), user.id, req.params.issueId, req.query);
    },
  );

  app.get(
    '/api/volumes/:volumeId/comments',
    {
      schema: {
        tags: ['comments'],
        summary: "The comments about a volume's issues, in issue and page order",
        params: VolumeParams,
        querystring: ListVolumeCommentsQuerySchema,
        response: { 200: CommentPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listVolumeComments(db(), user.id, req.params.volumeId, req.query);
    },
  );
};
