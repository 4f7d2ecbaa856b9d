/** Audit log, people search and staff roles (issue 09, docs/moderation.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const staffRoutes: FastifyPluginAsyncZod = async () => {};
