/** Web Push routes (issue 09, docs/notifications.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const pushRoutes: FastifyPluginAsyncZod = async () => {};
