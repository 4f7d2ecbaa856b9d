/**
 * /api/me/stats and /api/me/export, and the account-deletion hook that Better Auth's
 * delete-user calls (`ctx.hooks.beforeDeleteUser`): thin handlers over account.service.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountExportSchema, AccountStatsSchema, ApiErrorBodySchema } from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as service from './account.service';

/** Exports are heavy: a few per minute per client address. */
const EXPORT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

function fileSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'otakura'
  );
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): service.AccountDeps => ({ db: app.ctx.database.db, storage: app.ctx.storage });

  app.ctx.hooks = {
    ...app.ctx.hooks,
    async beforeDeleteUser(userId) {
      const result = await service.deleteAccount(deps(), userId);
      for (const err of result.storageErrors) {
        app.log.error(
          { err, userId },
          'account deleted, but some of its files could not be removed',
        );
      }
    },
  };

  app.get(
    '/api/me/stats',
    {
      schema: {
        tags: ['account'],
        summary: 'Account Statistics',
        response: { 200: AccountStatsSchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getStats(db(), user.id);
    },
  );

  app.get(
    '/api/me/export',
    {
      config: { rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Download my data (a JSON attachment)',
        response: { 200: AccountExportSchema, 401: ApiErrorBodySchema, 429: ApiErrorBodySchema },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      const data = await service.exportAccount(db(), user.id);
      const name = `${fileSlug(app.ctx.config.productName)}-data-${data.profile.username}.json`;
      void reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );
};
