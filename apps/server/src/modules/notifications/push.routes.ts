/**
 * Web Push routes (issue 09, docs/notifications.md): the VAPID public key and the signed-in
 * user's subscriptions. Subscription writes are rate-limited per user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeInputSchema,
} from '@otakura/shared';
import { tooManyRequests } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import * as service from './push.service';

/** Subscribing and unsubscribing, together, per user: a browser does it once in a while. */
export const PUSH_WRITE_LIMIT = { max: 20, windowSec: 10 * 60 };

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 429: ApiErrorBodySchema };

function createPushWriteLimiter(app: FastifyInstance) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: PUSH_WRITE_LIMIT.max,
    timeWindow: PUSH_WRITE_LIMIT.windowSec * 1000,
    keyGenerator: (req: FastifyRequest) => `push:write:${keys.get(req) ?? ''}`,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (req: FastifyRequest, userId: string) => {
    keys.set(req, userId);
    const r = await limit(req);
    if (!r.isAllowed && r.isExceeded) throw tooManyRequests(Math.max(1, Math.ceil(r.ttl / 1000)));
  };
}

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const hitWriteLimit = createPushWriteLimiter(app);

  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: PushKeySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      await requireUser(req);
      return service.getPushKey(app.ctx.config);
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Save this browser's push subscription for the signed-in user (an endpoint seen before moves to them)",
        body: PushSubscriptionInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      await hitWriteLimit(req, user.id);
      await service.subscribe(app.ctx.database.db, user.id, req.body, req.headers['user-agent']);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Forget one of the signed-in user's push subscriptions (others' are left alone)",
        body: PushUnsubscribeInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      await hitWriteLimit(req, user.id);
      await service.unsubscribe(app.ctx.database.db, user.id, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
