/**
 * Reporting posts, users and shop items (any signed-in user), and the moderation queue, its
 * case actions and user warnings and suspensions (moderators and admins): thin handlers
 * (authenticate → validate → service → present). docs/moderation.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  CaseActionInputSchema,
  ModerationCasePageSchema,
  ModerationCaseSchema,
  ModerationQueueCountSchema,
  ModerationQueueQuerySchema,
  ReasonInputSchema,
  ReportCommentInputSchema,
  ReportCommentResultSchema,
  ReportTargetTypeSchema,
  SuspendUserInputSchema,
  UserStandingSchema,
} from '@otakura/shared';
import { requireRole, requireUser } from '../auth/auth.guard';
import { actOnCase, type CaseActionDeps } from './case-actions.service';
import { getCase, listQueue, queueCount } from './queue.service';
import { reporters } from './reports.service';
import { suspendUser, unsuspendUser, warnUser } from './suspension.service';

// Ids are checked in the services: anything that is not one answers 404, like an unknown id.
const id = z.string().max(100);

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

/** The report routes besides comments' (`POST /api/comments/:commentId/report`). */
const REPORT_ROUTES = [
  { type: 'post', url: '/api/posts/:postId/report', param: 'postId', what: 'post' },
  { type: 'user', url: '/api/users/:userId/report', param: 'userId', what: 'account' },
  { type: 'shop_item', url: '/api/shop/items/:itemId/report', param: 'itemId', what: 'shop item' },
] as const;

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): CaseActionDeps => ({
    db: app.ctx.database.db,
    live: app.ctx.live,
    notifier: app.ctx.notifier,
    storage: app.ctx.storage,
    log: app.log,
  });
  const staff = (req: Parameters<typeof requireRole>[0]) => requireRole(req, 'moderator', 'admin');

  for (const route of REPORT_ROUTES) {
    app.post(
      route.url,
      {
        schema: {
          tags: ['moderation'],
          summary: `Report someone else's ${route.what} (201; 200 when you had reported it already)`,
          params: z.object({ [route.param]: id }),
          body: ReportCommentInputSchema,
          response: { 200: ReportCommentResultSchema, 201: ReportCommentResultSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const targetId = (req.params as Record<string, string>)[route.param]!;
        const { created, result } = await reporters[route.type](
          { db: db(), currency: app.ctx.config.currency },
          user.id,
          targetId,
          req.body,
        );
        return reply.code(created ? 201 : 200).send(result);
      },
    );
  }

  app.get(
    '/api/moderation/queue',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'The moderation queue: one case per reported target; open oldest first, closed newest first',
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationCasePageSchema, ...errors },
      },
    },
    async (req) => {
      await staff(req);
      return listQueue(db(), req.query);
    },
  );

  app.get(
    '/api/moderation/queue/count',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Open cases, and those past their 24 hours',
        response: { 200: ModerationQueueCountSchema, ...errors },
      },
    },
    async (req) => {
      await staff(req);
      return queueCount(db());
    },
  );

  const CaseParams = z.object({ targetType: ReportTargetTypeSchema, targetId: id });

  app.get(
    '/api/moderation/cases/:targetType/:targetId',
    {
      schema: {
        tags: ['moderation'],
        summary: "A target's case: the open one, else the latest closed one",
        params: CaseParams,
        response: { 200: ModerationCaseSchema, ...errors },
      },
    },
    async (req) => {
      await staff(req);
      return getCase(db(), req.params.targetType, req.params.targetId);
    },
  );

  app.post(
    '/api/moderation/cases/:targetType/:targetId/actions',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Dismiss, remove, warn or suspend: closes every open report of the target',
        params: CaseParams,
        body: CaseActionInputSchema,
        response: { 200: ModerationCaseSchema, ...errors },
      },
    },
    async (req) => {
      const moderator = await staff(req);
      return actOnCase(deps(), moderator.id, req.params.targetType, req.params.targetId, req.body);
    },
  );

  const UserParams = z.object({ userId: id });

  app.post(
    '/api/moderation/users/:userId/warn',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Warn a user (they are told the reason)',
        params: UserParams,
        body: ReasonInputSchema,
        response: { 200: UserStandingSchema, ...errors },
      },
    },
    async (req) => {
      const moderator = await staff(req);
      return warnUser(deps(), moderator.id, req.params.userId, req.body);
    },
  );

  app.post(
    '/api/moderation/users/:userId/suspend',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Suspend a user for some days or for good: their sessions and sockets end now',
        params: UserParams,
        body: SuspendUserInputSchema,
        response: { 200: UserStandingSchema, ...errors },
      },
    },
    async (req) => {
      const moderator = await staff(req);
      return suspendUser(deps(), moderator.id, req.params.userId, req.body);
    },
  );

  app.post(
    '/api/moderation/users/:userId/unsuspend',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Lift a suspension',
        params: UserParams,
        body: ReasonInputSchema,
        response: { 200: UserStandingSchema, ...errors },
      },
    },
    async (req) => {
      const moderator = await staff(req);
      return unsuspendUser(deps(), moderator.id, req.params.userId, req.body);
    },
  );
};
