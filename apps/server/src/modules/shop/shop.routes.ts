/**
 * /api/shop/items: the shop catalog, an item's page and likes. Signed-in users only. Thin
 * handlers (authenticate → validate → service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  LikeStateSchema,
  MerchShelfSchema,
  SearchShopItemsQuerySchema,
  ShopItemPageSchema,
  ShopItemSchema,
  ShopItemSummarySchema,
} from '@otakura/shared';
import { answerFromFlaggedCache, answerItemFromFlaggedCache } from '../../lib/list-page-json';
import { listPageKey } from '../../lib/page-cache';
import { requireUser } from '../auth/auth.guard';
import * as service from './shop.service';

/** Any string: a malformed id answers 404 `shop_item_not_found`, like an unknown one. */
const ItemParamsSchema = z.object({ itemId: z.string().max(100) });
/** Any string: a malformed id answers 404 like an unknown one. */
const MediaParamsSchema = z.object({ mediaId: z.string().max(100) });
const CommunityParamsSchema = z.object({ communityId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.ShopDeps => ({
    db: app.ctx.database.db,
    live: app.ctx.live,
    currency: app.ctx.config.currency,
  });

  app.get(
    '/api/shop/items',
    {
      config: { readReplica: true },
      schema: {
        tags: ['shop'],
        summary:
          'The shop: items newest first, filtered by a case-insensitive substring of the name',
        querystring: SearchShopItemsQuerySchema,
        response: { 200: ShopItemPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      // Not cached while reads go to replicas: a replica may not yet have replayed a change whose
      // invalidation has already come (as the profile, users.routes).
      if (app.ctx.database.replicas)
        return (await service.searchShopItems(deps(), user.id, req.query)).page;
      // The page cache (lib/page-cache.ts): one page for every viewer who blocks nobody, each
      // viewer's likes beside it; every change of the items, a seller's ban or a block drops it
      // (migration 0016). Kept and sent as JSON text (lib/list-page-json.ts).
      return answerFromFlaggedCache(reply, app.ctx.pages.shop, listPageKey(req.query), user.id, {
        load: () => service.searchShopItems(deps(), user.id, req.query),
        item: ShopItemSummarySchema,
        flags: ['likedByMe'],
      });
    },
  );

  app.get(
    '/api/shop/items/:itemId',
    {
      config: { readReplica: true },
      schema: {
        tags: ['shop'],
        summary: "One shop item's page, with its seller",
        params: ItemParamsSchema,
        response: { 200: ShopItemSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      if (app.ctx.database.replicas) return service.getShopItem(deps(), user.id, req.params.itemId);
      // The page cache, as the list's: one page per item for every viewer who blocks nobody,
      // each viewer's like beside it (migrations 0016 and 0018 drop it). Keyed by the id in
      // lower case, as the database names rows.
      return answerItemFromFlaggedCache(
        reply,
        app.ctx.pages.shopItems,
        req.params.itemId.toLowerCase(),
        user.id,
        {
          load: () => service.getShopItemShared(deps(), user.id, req.params.itemId),
          schema: ShopItemSchema,
          flags: ['likedByMe'],
        },
      );
    },
  );

  for (const [method, like] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/shop/items/:itemId/like',
      schema: {
        tags: ['shop'],
        summary: like ? 'Like a shop item (idempotent)' : 'Unlike a shop item (idempotent)',
        params: ItemParamsSchema,
        response: { 200: LikeStateSchema, ...errors },
      },
      handler: async (req) => {
        const user = await requireUser(req);
        return service.setLike(deps(), user.id, req.params.itemId, like);
      },
    });
  }

  app.get(
    '/api/media/:mediaId/merch',
    {
      config: { readReplica: true },
      schema: {
        tags: ['shop', 'media'],
        summary: "The series' merch shelf: listed items tagged with this media entry",
        params: MediaParamsSchema,
        response: { 200: MerchShelfSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getMerchShelf(deps(), user.id, { media: req.params.mediaId });
    },
  );

  app.get(
    '/api/communities/:communityId/merch',
    {
      config: { readReplica: true },
      schema: {
        tags: ['shop', 'communities'],
        summary:
          "A community's merch shelf: items tagged with it and the items of the series whose community it is",
        params: CommunityParamsSchema,
        response: { 200: MerchShelfSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getMerchShelf(deps(), user.id, { community: req.params.communityId });
    },
  );
};
