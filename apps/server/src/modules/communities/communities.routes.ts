/**
 * /api/communities/* and /api/admin/communities/*: thin handlers
 * (authenticate → validate → service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CommunityPageSchema,
  CommunitySchema,
  MembershipStateSchema,
  SearchCommunitiesQuerySchema,
  SuggestedCommunitiesQuerySchema,
  SuggestedCommunitiesSchema,
  UpdateCommunityInputSchema,
  UpsertCommunityInputSchema,
} from '@otakura/shared';
import { requireRole, requireUser } from '../auth/auth.guard';
import { readFileToBuffer } from '../uploads/multipart';
import * as service from './communities.service';
import { suggestCommunities } from './communities.suggestions';

/** Any string: a malformed id answers 404 `community_not_found`, like an unknown one. */
const CommunityParamsSchema = z.object({ communityId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
const adminErrors = { ...errors, 403: ApiErrorBodySchema, 409: ApiErrorBodySchema };
const uploadErrors = {
  ...adminErrors,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

const UPLOAD_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const communitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): service.CommunitiesDeps => ({
    db: app.ctx.database.db,
    live: app.ctx.live,
    storage: app.ctx.storage,
  });

  app.get(
    '/api/communities',
    {
      config: { readReplica: true },
      schema: {
        tags: ['communities'],
        summary: 'Search communities: alphabetical, case-insensitive substring of the name',
        querystring: SearchCommunitiesQuerySchema,
        response: { 200: CommunityPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.searchCommunities(db(), user.id, req.query);
    },
  );

  app.get(
    '/api/communities/suggested',
    {
      schema: {
        tags: ['communities'],
        summary: 'Communities to follow: the most members first, none the user follows',
        querystring: SuggestedCommunitiesQuerySchema,
        response: {
          200: SuggestedCommunitiesSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return suggestCommunities(db(), user.id, req.query);
    },
  );

  app.get(
    '/api/communities/:communityId',
    {
      schema: {
        tags: ['communities'],
        summary: 'One community, with whether the signed-in user is a member',
        params: CommunityParamsSchema,
        response: { 200: CommunitySchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getCommunity(db(), user.id, req.params.communityId, app.ctx.pages.communities);
    },
  );

  app.put(
    '/api/communities/:communityId/membership',
    {
      schema: {
        tags: ['communities'],
        summary: 'Follow (join) a community (idempotent)',
        params: CommunityParamsSchema,
        response: { 200: MembershipStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.follow(deps(), user.id, req.params.communityId);
    },
  );

  app.delete(
    '/api/communities/:communityId/membership',
    {
      schema: {
        tags: ['communities'],
        summary: 'Unfollow (leave) a community (idempotent)',
        params: CommunityParamsSchema,
        response: { 200: MembershipStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.unfollow(deps(), user.id, req.params.communityId);
    },
  );

  app.post(
    '/api/admin/communities',
    {
      schema: {
        tags: ['communities', 'admin'],
        summary: 'Create a community (admins only)',
        body: UpsertCommunityInputSchema,
        response: { 201: CommunitySchema, ...adminErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const community = await service.createCommunity(db(), admin.id, req.body);
      return reply.status(201).send(community);
    },
  );

  app.patch(
    '/api/admin/communities/:communityId',
    {
      schema: {
        tags: ['communities', 'admin'],
        summary: "Change a community's name and/or about text (admins only)",
        params: CommunityParamsSchema,
        body: UpdateCommunityInputSchema,
        response: { 200: CommunitySchema, ...adminErrors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateCommunity(db(), admin.id, req.params.communityId, req.body);
    },
  );

  app.post(
    '/api/admin/communities/:communityId/image',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['communities', 'admin'],
        summary: "Upload a community's picture (admins only; multipart, one image file)",
        consumes: ['multipart/form-data'],
        params: CommunityParamsSchema,
        response: { 200: CommunitySchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const file = await readFileToBuffer(req, { kind: 'image', reply });
      return service.setCommunityImage(deps(), admin.id, req.params.communityId, file.buffer);
    },
  );
};
