/**
 * /api/admin/orders: every buyer's orders and shipping (issue 09, docs/moderation.md
 * "Administration"). Admins only (403 `forbidden` for moderators and users, 401 signed out).
 * Registered by orders.routes.ts. Thin handlers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderPageSchema,
  AdminOrderSchema,
  AdminOrdersQuerySchema,
  ApiErrorBodySchema,
} from '@otakura/shared';
import { requireRole } from '../auth/auth.guard';
import * as service from './orders.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const OrderParamsSchema = z.object({ orderId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
};
const tags = ['orders', 'admin'];

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.ctx.database.db, live: app.ctx.live, notifier: app.ctx.notifier });

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags,
        summary: "Every buyer's orders, newest first: to ship (paid, not shipped), shipped or all",
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderPageSchema, ...errors },
      },
    },
    async (req) => {
      await requireRole(req, 'admin');
      return service.listAdminOrders(deps(), req.query);
    },
  );

  app.post(
    '/api/admin/orders/:orderId/ship',
    {
      schema: {
        tags,
        summary: 'Marks a paid order shipped and tells the buyer (idempotent)',
        params: OrderParamsSchema,
        response: {
          200: AdminOrderSchema,
          ...errors,
          404: ApiErrorBodySchema,
          409: ApiErrorBodySchema,
        },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.shipOrder(deps(), admin.id, req.params.orderId);
    },
  );
};
