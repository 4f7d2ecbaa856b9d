/** GET /api/feed, /api/communities/:communityId/posts, /api/users/:userId/posts: keyset pages of posts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  ListFeedQuerySchema,
  ListPostsQuerySchema,
  PostPageSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as service from './feed.service';

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/feed',
    {
      config: { readReplica: true },
      schema: {
        tags: ['feed'],
        summary:
          'The feed: following (followed communities and users, and your own) or all; new or top',
        querystring: ListFeedQuerySchema,
        response: { 200: PostPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listFeed(db(), user.id, req.query);
    },
  );

  app.get(
    '/api/communities/:communityId/posts',
    {
      config: { readReplica: true },
      schema: {
        tags: ['feed'],
        summary: "A community's posts",
        params: z.object({ communityId: z.string().max(100) }),
        querystring: ListPostsQuerySchema,
        response: { 200: PostPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listCommunityPosts(db(), user.id, req.params.communityId, req.query);
    },
  );

  app.get(
    '/api/users/:userId/posts',
    {
      config: { readReplica: true },
      schema: {
        tags: ['feed'],
        summary: "A user's posts",
        params: z.object({ userId: z.string().max(100) }),
        querystring: ListPostsQuerySchema,
        response: { 200: PostPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listUserPosts(db(), user.id, req.params.userId, req.query);
    },
  );
};
