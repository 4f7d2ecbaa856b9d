/**
 * Comments on posts and media entries, comment likes and comment reports (the moderation
 * queue is in modules/moderation): thin handlers (authenticate → validate → limit → service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CommentPageSchema,
  CommentSchema,
  CreateCommentInputSchema,
  LikeStateSchema,
  ListCommentsQuerySchema,
  ReportCommentInputSchema,
  ReportCommentResultSchema,
  UpdateCommentInputSchema,
} from '@otakura/shared';
import { answerFromFlaggedCache } from '../../lib/list-page-json';
import { commentPageKey } from '../../lib/page-cache';
import { requireUser } from '../auth/auth.guard';
import * as reports from './comment-reports.service';
import { createCommentLimiter } from './comments.rate-limit';
import * as service from './comments.service';

// Ids are checked in the services: anything that is not one answers 404, like an unknown id.
const id = z.string().max(100);
const PostParams = z.object({ postId: id });
const MediaParams = z.object({ mediaId: id });
const CommentParams = z.object({ commentId: id });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.CommentsDeps => ({
    db: app.ctx.database.db,
    live: app.ctx.live,
    notifier: app.ctx.notifier,
  });
  const limiter = createCommentLimiter(app);

  for (const kind of ['post', 'media'] as const) {
    const path = kind === 'post' ? '/api/posts/:postId/comments' : '/api/media/:mediaId/comments';
    const params = kind === 'post' ? PostParams : MediaParams;
    const targetOf = (p: { postId?: string; mediaId?: string }): service.CommentTarget =>
      kind === 'post' ? { kind, id: p.postId! } : { kind, id: p.mediaId! };

    app.get(
      path,
      {
        schema: {
          tags: ['comments'],
          summary: `The comments of a ${kind}, oldest first (keyset pages)`,
          params,
          querystring: ListCommentsQuerySchema,
          response: { 200: CommentPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const target = targetOf(req.params);
        const load = () =>
          service.listCommentsShared(app.ctx.database.db, user.id, target, req.query);
        // The page cache (lib/page-cache.ts): one page for every viewer who blocks nobody (none
        // of its comments pinned or spoiler-tagged), each viewer's likes and reports beside it;
        // a change of the target's comments drops its pages (migration 0017). This route reads
        // the primary (no `readReplica`), so the cache holds with replicas too.
        const key = commentPageKey(target.id, req.query);
        return answerFromFlaggedCache(reply, app.ctx.pages.comments, key, user.id, {
          load,
          item: CommentSchema,
          flags: ['likedByMe', 'reportedByMe'],
        });
      },
    );

    app.post(
      path,
      {
        schema: {
          tags: ['comments'],
          summary: `Comment on a ${kind}, or reply to one of its comments`,
          params,
          body: CreateCommentInputSchema,
          response: { 201: CommentSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        await limiter.hit(req, 'create', user.id);
        const comment = await service.createComment(
          deps(),
          user.id,
          targetOf(req.params),
          req.body,
        );
        return reply.code(201).send(comment);
      },
    );
  }

  app.get(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'One comment (live clients fetch it after comment.created / comment.updated)',
        params: CommentParams,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getComment(app.ctx.database.db, user.id, req.params.commentId);
    },
  );

  app.post(
    '/api/comments/:commentId/reveal',
    {
      schema: {
        tags: ['comments'],
        summary:
          'One comment past the spoiler shield, for you (not remembered: the client keeps it on screen)',
        params: CommentParams,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.revealComment(app.ctx.database.db, user.id, req.params.commentId);
    },
  );

  app.patch(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit your own comment',
        params: CommentParams,
        body: UpdateCommentInputSchema,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      await limiter.hit(req, 'change', user.id);
      return service.updateComment(deps(), user.id, req.params.commentId, req.body);
    },
  );

  app.delete(
    '/api/comments/:commentId',
    {
      schema: {
        tags: ['comments'],
        summary:
          "Delete your own comment: it stays as 'User deleted this comment :(' by the system user",
        params: CommentParams,
        response: { 200: CommentSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      await limiter.hit(req, 'change', user.id);
      return service.deleteComment(deps(), user.id, req.params.commentId);
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/comments/:commentId/like',
      schema: {
        tags: ['comments'],
        summary: method === 'PUT' ? "Like someone else's comment" : 'Remove your like',
        params: CommentParams,
        response: { 200: LikeStateSchema, ...errors },
      },
      handler: async (req) => {
        const user = await requireUser(req);
        await limiter.hit(req, 'like', user.id);
        return service.setLike(deps(), user.id, req.params.commentId, method === 'PUT');
      },
    });
  }

  app.post(
    '/api/comments/:commentId/report',
    {
      schema: {
        tags: ['comments'],
        summary: "Report someone else's comment (201; 200 when you had reported it already)",
        params: CommentParams,
        body: ReportCommentInputSchema,
        response: { 200: ReportCommentResultSchema, 201: ReportCommentResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      await limiter.hit(req, 'report', user.id);
      const { created, result } = await reports.reportComment(
        deps(),
        user.id,
        req.params.commentId,
        req.body,
      );
      return reply.code(created ? 201 : 200).send(result);
    },
  );
};
