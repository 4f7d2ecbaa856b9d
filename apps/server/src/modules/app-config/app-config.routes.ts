import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigResponseSchema } from '@otakura/shared';
import { presentAppConfig } from './app-config.service';

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app-config',
    {
      schema: {
        tags: ['app-config'],
        summary: 'Public configuration: product name, premium price, mobile app link, contact',
        response: { 200: AppConfigResponseSchema },
      },
    },
    async (_req, reply) => {
      // Public and the same for everyone; it changes only when the server restarts.
      reply.header('cache-control', 'public, max-age=60');
      return presentAppConfig(app.ctx.config);
    },
  );
};
