/**
 * Audit log, people search and staff roles (issue 09, docs/moderation.md). The audit log and the
 * people search are for moderators and admins; roles for admins only. Every route checks the
 * role first (401 signed out, 403 otherwise). Thin handlers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  AuditPageSchema,
  AuditQuerySchema,
  ModerationUsersQuerySchema,
  SetRoleInputSchema,
  UserStandingPageSchema,
  UserStandingSchema,
} from '@otakura/shared';
import { requireRole } from '../auth/auth.guard';
import { listAuditLog } from './audit.service';
import * as service from './staff.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const UserParamsSchema = z.object({ userId: z.string().max(100) });

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
};

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/moderation/audit',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The audit log, newest first, filtered (moderators and admins; read-only)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errors },
      },
    },
    async (req) => {
      await requireRole(req, 'moderator', 'admin');
      return listAuditLog(db(), req.query);
    },
  );

  app.get(
    '/api/moderation/users',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'People search: every account, the suspended ones, or staff (moderators and admins)',
        querystring: ModerationUsersQuerySchema,
        response: { 200: UserStandingPageSchema, ...errors },
      },
    },
    async (req) => {
      await requireRole(req, 'moderator', 'admin');
      return service.listPeople(db(), req.query);
    },
  );

  app.put(
    '/api/admin/users/:userId/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Makes an account a moderator or an ordinary user (admins only; never an admin's)",
        params: UserParamsSchema,
        body: SetRoleInputSchema,
        response: { 200: UserStandingSchema, ...errors, 404: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.setUserRole(db(), admin.id, req.params.userId, req.body);
    },
  );
};
