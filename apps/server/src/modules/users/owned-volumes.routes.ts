/** /api/users/:userId/owned-volumes (issue 12): thin handler (authenticate → service → present). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, OwnedVolumesSchema } from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as service from './owned-volumes.service';

/** Any string: a malformed id answers 404 `user_not_found`, like an unknown one. */
const UserParamsSchema = z.object({ userId: z.string().max(100) });

export const ownedVolumesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/owned-volumes',
    {
      schema: {
        tags: ['users', 'shop'],
        summary:
          'The volumes a user owns: always to the owner, to others only while the owner shows them',
        params: UserParamsSchema,
        response: { 200: OwnedVolumesSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return service.getOwnedVolumes(app.ctx.database.db, user.id, req.params.userId);
    },
  );
};
