/**
 * /api/issues/* and /api/media/:mediaId/reader-prefs: thin handlers
 * (authenticate → validate → service).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  IssueDetailSchema,
  ReaderPrefsSchema,
  ReadProgressSchema,
  UpdateReaderPrefsInputSchema,
  UpdateReadProgressInputSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import * as reader from './reader.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const IssueParamsSchema = z.object({ issueId: z.string().max(100) });
const MediaParamsSchema = z.object({ mediaId: z.string().max(100) });

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

export const readerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/api/issues/:issueId',
    {
      schema: {
        tags: ['media'],
        summary:
          "One issue for the reader: pages in order, neighbours, the next issue's first pages, prefs",
        params: IssueParamsSchema,
        response: { 200: IssueDetailSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return reader.getIssue(db(), user.id, req.params.issueId);
    },
  );

  app.put(
    '/api/issues/:issueId/progress',
    {
      schema: {
        tags: ['media'],
        summary: 'Save the page reached in an issue; the last page marks it finished',
        params: IssueParamsSchema,
        body: UpdateReadProgressInputSchema,
        response: { 200: ReadProgressSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return reader.saveReadProgress(db(), user.id, req.params.issueId, req.body, app.ctx.live);
    },
  );

  app.put(
    '/api/media/:mediaId/reader-prefs',
    {
      schema: {
        tags: ['media'],
        summary: "Save the viewer's reader prefs for a series (the fields given change)",
        params: MediaParamsSchema,
        body: UpdateReaderPrefsInputSchema,
        response: { 200: ReaderPrefsSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return reader.saveReaderPrefs(db(), user.id, req.params.mediaId, req.body);
    },
  );
};
