/**
 * /api/notifications: the signed-in user's notifications, the badge count and marking them
 * read (docs/notifications.md). Thin handlers (authenticate → validate → service → present).
 * Also the daily email digest's job (digest.service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorBodySchema,
  MarkReadInputSchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import { startDigestJob } from './digest.service';
import * as service from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest activity first (optionally only the unread ones)',
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.listNotifications(app.ctx.database.db, user.id, req.query);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread (the badge)',
        response: { 200: UnreadCountSchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.unreadCount(app.ctx.database.db, user.id);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark some of my notifications (ids) or all of them read',
        body: MarkReadInputSchema,
        response: { 200: UnreadCountSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.markRead({ db: app.ctx.database.db, live: app.ctx.live }, user.id, req.body);
    },
  );

  // The daily digest: every process ticks, an advisory lock lets one send. Off in tests, which
  // call sendDailyDigests directly.
  if (app.ctx.config.nodeEnv !== 'test') {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startDigestJob({
        db: app.ctx.database.db,
        kind: app.ctx.database.kind,
        mailer: app.ctx.mailer,
        config: app.ctx.config,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  }
};
