/**
 * /api/admin/shop/items: the shop administration. Admins only (403 `forbidden` for other users,
 * 401 signed out), checked before any body is read. Thin handlers (authenticate → validate →
 * service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CreateShopItemInputSchema,
  ShopItemSchema,
  UpdateShopItemInputSchema,
} from '@otakura/shared';
import { requireRole } from '../auth/auth.guard';
import { readFileToBuffer } from '../uploads/multipart';
import * as service from './shop-admin.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const ItemParams = z.object({ itemId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
const uploadErrors = {
  ...errors,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const tags = ['shop', 'admin'];

export const shopAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.ShopAdminDeps => ({
    db: app.ctx.database.db,
    storage: app.ctx.storage,
    currency: app.ctx.config.currency,
  });

  app.post(
    '/api/admin/shop/items',
    {
      schema: {
        tags,
        summary: 'Create a shop item (admins only); the seller is `sellerId` or the admin',
        body: CreateShopItemInputSchema,
        response: { 201: ShopItemSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      return reply.status(201).send(await service.createShopItem(deps(), admin.id, req.body));
    },
  );

  app.patch(
    '/api/admin/shop/items/:itemId',
    {
      schema: {
        tags,
        summary: 'Edit a shop item (admins only); only the fields given change',
        params: ItemParams,
        body: UpdateShopItemInputSchema,
        response: { 200: ShopItemSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateShopItem(deps(), admin.id, req.params.itemId, req.body);
    },
  );

  app.put(
    '/api/admin/shop/items/:itemId/image',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary: "Upload a shop item's picture (admins only; multipart, one image file)",
        consumes: ['multipart/form-data'],
        params: ItemParams,
        response: { 200: ShopItemSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const file = await readFileToBuffer(req, { kind: 'image', reply });
      return service.setShopItemImage(deps(), admin.id, req.params.itemId, file.buffer);
    },
  );
};
