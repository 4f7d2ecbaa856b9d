/** /api/posts/*: thin handlers (authenticate → validate → service → present). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CreatePostInputSchema,
  LikeStateSchema,
  PostSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import { linkPreviewDeps } from '../link-previews/link-previews.settings';
import { fetchLinkPreview } from '../link-previews/link-previews.service';
import * as service from './posts.service';

const PostParamsSchema = z.object({ postId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.PostsDeps => ({
    db: app.ctx.database.db,
    storage: app.ctx.storage,
    live: app.ctx.live,
    linkPreview: (url) => fetchLinkPreview(linkPreviewDeps(app), url),
    log: app.log,
    newAccountPostsPerHour: app.ctx.config.newAccountPostsPerHour,
    notifier: app.ctx.notifier,
  });

  app.post(
    '/api/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'Write a post; the type is decided by the server from the uploads or the link',
        body: CreatePostInputSchema,
        response: { 201: PostSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      return reply.code(201).send(await service.createPost(deps(), user.id, req.body));
    },
  );

  app.get(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['posts'],
        summary: 'One post',
        params: PostParamsSchema,
        response: { 200: PostSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getPost(app.ctx.database.db, req.params.postId, user.id);
    },
  );

  app.post(
    '/api/posts/:postId/reveal',
    {
      schema: {
        tags: ['posts'],
        summary:
          'The post past the spoiler shield, for you (not remembered: the client keeps it on screen)',
        params: PostParamsSchema,
        response: { 200: PostSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.revealPost(app.ctx.database.db, req.params.postId, user.id);
    },
  );

  app.delete(
    '/api/posts/:postId',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete one of your posts',
        params: PostParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      await service.deletePost(deps(), user.id, req.params.postId);
      return reply.code(204).send(null);
    },
  );

  for (const [method, like] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/posts/:postId/like',
      schema: {
        tags: ['posts'],
        summary: like ? 'Like a post (idempotent)' : 'Unlike a post (idempotent)',
        params: PostParamsSchema,
        response: { 200: LikeStateSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
      handler: async (req) => {
        const user = await requireUser(req);
        return service.setLike(deps(), user.id, req.params.postId, like);
      },
    });
  }
};
