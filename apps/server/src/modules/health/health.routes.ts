import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthSchema } from '@otakura/shared';
import { getHealth } from './health.service';
import { beginShutdown, getReadiness } from './readiness';

const CheckSchema = z.object({
  status: z.enum(['ok', 'down']),
  latencyMs: z.number(),
  error: z.string().optional(),
});

const LivenessSchema = z.object({ status: z.literal('ok') });

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  reason: z.enum(['shutting_down', 'database_unreachable', 'storage_unreachable']).optional(),
  database: CheckSchema,
  storage: CheckSchema,
});

/** Probes and scrapers read these; nobody caches them. */
const NO_STORE = 'no-store';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Closing the app (server.ts's shutdown, a test) also counts as shutting down.
  app.addHook('preClose', async () => beginShutdown(app.ctx));

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Database and storage status, with content counts',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_req, reply) => {
      const health = await getHealth(app.ctx);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (no dependency is checked)',
        response: { 200: LivenessSchema },
      },
    },
    async (_req, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: database and storage reachable within 2 s and not shutting down; 503 with a reason otherwise',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_req, reply) => {
      const ready = await getReadiness(app.ctx);
      return reply
        .header('cache-control', NO_STORE)
        .status(ready.status === 'ready' ? 200 : 503)
        .send(ready);
    },
  );
};
