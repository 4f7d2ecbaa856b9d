import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  BlockedUserPageSchema,
  BlockStateSchema,
  PageQuerySchema,
  SettingsSchema,
  UpdateSettingsInputSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as service from './settings.service';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
const UserParams = z.object({ userId: z.string() });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/me/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'My settings',
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getSettings(db(), user.id);
    },
  );

  app.patch(
    '/api/me/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change some settings',
        body: UpdateSettingsInputSchema,
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.updateSettings(db(), user.id, req.body);
    },
  );

  app.get(
    '/api/me/blocks',
    {
      schema: {
        tags: ['settings'],
        summary: 'Users I blocked, newest first',
        querystring: PageQuerySchema,
        response: { 200: BlockedUserPageSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listBlocked(db(), user.id, req.query);
    },
  );

  app.get(
    '/api/users/:userId/block',
    {
      schema: {
        tags: ['settings'],
        summary: 'Whether I blocked a user',
        params: UserParams,
        response: { 200: BlockStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.blockState(db(), user.id, req.params.userId);
    },
  );

  app.put(
    '/api/users/:userId/block',
    {
      schema: {
        tags: ['settings'],
        summary: 'Block a user',
        params: UserParams,
        response: { 200: BlockStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.block(db(), user.id, req.params.userId);
    },
  );

  app.delete(
    '/api/users/:userId/block',
    {
      schema: {
        tags: ['settings'],
        summary: 'Unblock a user',
        params: UserParams,
        response: { 200: BlockStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.unblock(db(), user.id, req.params.userId);
    },
  );
};
