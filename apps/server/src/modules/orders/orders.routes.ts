/**
 * The cart quote, checkout, the Stripe webhook, the built-in test checkout, the buyer's orders
 * and the seller's sales (docs/shop.md, "Orders and checkout"). Thin handlers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CartInputSchema,
  CartQuoteSchema,
  CheckoutStartedSchema,
  OrderPageSchema,
  OrderSchema,
  PageQuerySchema,
  SalePageSchema,
  TestCardInputSchema,
  TestCheckoutSchema,
  TestPaymentResultSchema,
} from '@otakura/shared';
import { AppError, validationError } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { ordersAdminRoutes } from './orders-admin.routes';
import { paymentProviders } from './orders.providers';
import * as service from './orders.service';
import { checkCard, declineMessage } from './test-checkout';

const SessionParamsSchema = z.object({ sessionId: z.string().max(255) });
const OrderParamsSchema = z.object({ orderId: z.string().max(100) });
const WebhookReplySchema = z.object({ received: z.literal(true), applied: z.boolean() });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = async (): Promise<
    service.OrdersDeps & { test: Awaited<ReturnType<typeof paymentProviders>>['test'] }
  > => {
    const providers = await paymentProviders(app.ctx);
    return {
      db: app.ctx.database.db,
      config: app.ctx.config,
      providers,
      test: providers.test,
      live: app.ctx.live,
      log: app.log,
      notifier: app.ctx.notifier,
    };
  };

  await app.register(ordersAdminRoutes);

  let stopSweeper: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopSweeper = service.startHoldSweeper(app.ctx.database.db, app.log, app.ctx.live);
  });
  app.addHook('onClose', async () => stopSweeper?.());

  app.post(
    '/api/cart/quote',
    {
      schema: {
        tags: ['orders'],
        summary: "Prices a cart from the server's items, stock, promo codes and tax",
        body: CartInputSchema,
        response: { 200: CartQuoteSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.quoteCart(await deps(), user.id, req.body);
    },
  );

  app.post(
    '/api/checkout',
    {
      schema: {
        tags: ['orders'],
        summary: 'Holds the stock of a cart in a pending order and starts its payment',
        body: CartInputSchema,
        response: {
          201: CheckoutStartedSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          409: ApiErrorBodySchema,
          502: ApiErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      const started = await service.startCheckout(await deps(), user.id, req.body);
      return reply.code(201).send(started);
    },
  );

  // Stripe's webhook: the raw bytes are what its signature covers, so this route alone reads
  // its body as a buffer. It is exempt from the Origin check (app.ts): its signature is its
  // authentication.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/api/webhooks/stripe',
      {
        schema: {
          tags: ['orders'],
          summary: "Stripe's signed checkout events (applied once each)",
          response: { 200: WebhookReplySchema, 400: ApiErrorBodySchema },
        },
      },
      async (req) => {
        const d = await deps();
        const stripe = d.providers.byName('stripe');
        if (!stripe)
          throw new AppError('invalid_signature', 'Stripe is not configured on this server.');
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = req.headers['stripe-signature'];
        return service.handleWebhook(
          d,
          stripe,
          body,
          typeof header === 'string' ? header : undefined,
        );
      },
    );
  });

  app.get(
    '/api/checkout/test/:sessionId',
    {
      schema: {
        tags: ['orders'],
        summary: "The built-in test checkout's page (the buyer only)",
        params: SessionParamsSchema,
        response: { 200: TestCheckoutSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getTestCheckout(await deps(), user.id, req.params.sessionId);
    },
  );

  app.post(
    '/api/checkout/test/:sessionId/pay',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pays a test checkout with a test card (4242 4242 4242 4242 succeeds)',
        params: SessionParamsSchema,
        body: TestCardInputSchema,
        response: {
          200: TestPaymentResultSchema,
          ...errors,
          402: ApiErrorBodySchema,
          409: ApiErrorBodySchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const d = await deps();
      const { sessionId } = req.params;
      const order = await service.pendingTestOrder(d, user.id, sessionId);
      const card = checkCard(req.body);
      if (!card.ok)
        throw validationError([{ path: card.field, message: card.message }], card.message);
      const declined = declineMessage(card.digits);
      if (declined) throw new AppError('card_declined', declined);
      const { raw, header } = d.test.completedEvent(sessionId, order.id);
      await service.handleWebhook(d, d.test, raw, header);
      return { redirectUrl: `/success?session_id=${encodeURIComponent(sessionId)}` };
    },
  );

  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The buyer's orders, newest first",
        querystring: PageQuerySchema,
        response: { 200: OrderPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listOrders(await deps(), user.id, req.query);
    },
  );

  app.get(
    '/api/orders/by-session/:sessionId',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order of a checkout session (the success page); fulfils it if it is paid',
        params: SessionParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getOrderBySession(await deps(), user.id, req.params.sessionId);
    },
  );

  app.post(
    '/api/orders/by-session/:sessionId/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Gives up a checkout: a pending order is cancelled and its stock returned',
        params: SessionParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.cancelBySession(await deps(), user.id, req.params.sessionId);
    },
  );

  app.get(
    '/api/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the buyer’s orders',
        params: OrderParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getOrder(await deps(), user.id, req.params.orderId);
    },
  );

  app.get(
    '/api/shop/sales',
    {
      schema: {
        tags: ['orders'],
        summary: "The seller's sold lines (paid orders of their items), latest first",
        querystring: PageQuerySchema,
        response: { 200: SalePageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listSales(await deps(), user.id, req.query);
    },
  );
};
