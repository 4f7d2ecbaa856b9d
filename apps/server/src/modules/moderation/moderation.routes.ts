/** Moderation and administration routes (issue 09, docs/moderation.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const moderationRoutes: FastifyPluginAsyncZod = async () => {};
