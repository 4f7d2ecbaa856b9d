/** /api/me/* and /api/users/*: thin handlers (authenticate → validate → service → present). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  FollowStateSchema,
  ListUsersQuerySchema,
  MeSchema,
  PublicProfileSchema,
  UpdateAccountInputSchema,
  UpdateProfileInputSchema,
  UserPageSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import { publishFollowerCount } from '../live/live-publish';
import { readFileToBuffer } from '../uploads/multipart';
import * as service from './users.service';

const UserParamsSchema = z.object({ userId: z.string() });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};
const uploadErrors = {
  ...errors,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

/** Uploads are heavy: a few per minute per client address. */
const UPLOAD_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): service.UsersDeps => ({ db: app.ctx.database.db, storage: app.ctx.storage });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: MeSchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getMe(db(), user.id);
    },
  );

  app.patch(
    '/api/me/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Set bio and/or birthday (each only while empty)',
        body: UpdateProfileInputSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.updateProfile(db(), user.id, req.body);
    },
  );

  app.patch(
    '/api/me/account',
    {
      schema: {
        tags: ['users'],
        summary: 'Change username, full name or phone',
        body: UpdateAccountInputSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.updateAccount(db(), user.id, req.body);
    },
  );

  for (const kind of ['avatar', 'banner'] as const) {
    app.post(
      `/api/me/${kind}`,
      {
        config: { rateLimit: UPLOAD_RATE_LIMIT },
        schema: {
          tags: ['users'],
          summary: `Upload a new ${kind === 'avatar' ? 'profile picture' : 'banner picture'} (multipart, one image file)`,
          consumes: ['multipart/form-data'],
          response: { 200: MeSchema, ...uploadErrors },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const file = await readFileToBuffer(req, { kind: 'image', reply });
        return service.setProfileImage(deps(), user.id, kind, file.buffer);
      },
    );
  }

  app.get(
    '/api/users/:userId',
    {
      config: { readReplica: true },
      schema: {
        tags: ['users'],
        summary: "A user's public profile",
        params: UserParamsSchema,
        response: { 200: PublicProfileSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      // Not cached while reads go to replicas: a replica may not yet have replayed a change whose
      // invalidation has already come (and the replicas take this load instead).
      const pages = app.ctx.database.replicas ? undefined : app.ctx.pages.users;
      return service.getProfile(db(), user.id, req.params.userId, pages);
    },
  );

  app.put(
    '/api/users/:userId/follow',
    {
      schema: {
        tags: ['users'],
        summary: 'Follow a user (idempotent)',
        params: UserParamsSchema,
        response: { 200: FollowStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const state = await service.follow(db(), user.id, req.params.userId, app.ctx.notifier);
      await publishFollowerCount(app.ctx.live, req.params.userId, state.followerCount);
      return state;
    },
  );

  app.delete(
    '/api/users/:userId/follow',
    {
      schema: {
        tags: ['users'],
        summary: 'Unfollow a user (idempotent)',
        params: UserParamsSchema,
        response: { 200: FollowStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const state = await service.unfollow(db(), user.id, req.params.userId);
      await publishFollowerCount(app.ctx.live, req.params.userId, state.followerCount);
      return state;
    },
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/users/:userId/${side}`,
      {
        schema: {
          tags: ['users'],
          summary: side === 'followers' ? "A user's followers" : 'The people a user follows',
          params: UserParamsSchema,
          querystring: ListUsersQuerySchema,
          response: { 200: UserPageSchema, ...errors },
        },
      },
      async (req) => {
        await requireUser(req);
        return service.listFollows(db(), side, req.params.userId, req.query);
      },
    );
  }
};
