/**
 * /api/episodes/* and /api/playback/*: thin handlers (authenticate → validate → service).
 * Heartbeats are frequent by design and carry no write limit (plugins/write-rate-limits.ts
 * lists only the routes it limits); each costs one locked row update.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorBodySchema,
  ContinueWatchingSchema,
  EpisodeCardPageSchema,
  EpisodeDetailSchema,
  ListEpisodesQuerySchema,
  PlaybackHeartbeatInputSchema,
  PlaybackSessionSchema,
  PlaybackStateSchema,
} from '@otakura/shared';
import { requireUser } from '../auth/auth.guard';
import { validationError } from '../../lib/errors';
import * as episodes from './episodes.service';
import * as playback from './playback.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const EpisodeParamsSchema = z.object({ episodeId: z.string().max(100) });
const SessionParamsSchema = z.object({ sessionId: z.string().max(100) });

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

const BEACON_BODY_MESSAGE = 'The body must be JSON.';

export const episodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): playback.PlaybackDeps => ({ db: app.ctx.database.db, live: app.ctx.live });

  app.get(
    '/api/episodes',
    {
      schema: {
        tags: ['media'],
        summary: 'The newest episodes across all series (keyset pages)',
        querystring: ListEpisodesQuerySchema,
        response: { 200: EpisodeCardPageSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return episodes.listNewestEpisodes(db(), user.id, req.query);
    },
  );

  app.get(
    '/api/episodes/continue',
    {
      schema: {
        tags: ['media'],
        summary: "The viewer's series in progress, each with the episode to open",
        response: { 200: ContinueWatchingSchema, 401: ApiErrorBodySchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return episodes.continueWatching(db(), user.id);
    },
  );

  app.get(
    '/api/episodes/:episodeId',
    {
      schema: {
        tags: ['media'],
        summary: 'One episode for the player, with the previous and next episodes',
        params: EpisodeParamsSchema,
        response: { 200: EpisodeDetailSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return episodes.getEpisode(db(), user.id, req.params.episodeId);
    },
  );

  app.post(
    '/api/episodes/:episodeId/playback',
    {
      schema: {
        tags: ['media'],
        summary: 'Open a playback session (the player opened): where to resume',
        params: EpisodeParamsSchema,
        response: { 201: PlaybackSessionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      const session = await playback.openPlayback(db(), user.id, req.params.episodeId);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/api/playback/:sessionId/heartbeat',
    {
      schema: {
        tags: ['media'],
        summary:
          "A heartbeat of the viewer's playback session: credits server time, saves progress",
        params: SessionParamsSchema,
        body: PlaybackHeartbeatInputSchema,
        response: { 200: PlaybackStateSchema, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return playback.heartbeat(deps(), user.id, req.params.sessionId, req.body);
    },
  );

  // `navigator.sendBeacon(url, string)` posts text/plain: in this scope only, a text/plain body
  // is read as JSON and then validated by the same schema as a JSON one.
  const closeRoute: FastifyPluginAsyncZod = async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(
          validationError([{ path: 'body', message: BEACON_BODY_MESSAGE }], BEACON_BODY_MESSAGE),
        );
      }
    });

    scope.post(
      '/api/playback/:sessionId/close',
      {
        schema: {
          tags: ['media'],
          summary:
            "Close the viewer's playback session with a final heartbeat (JSON, or text/plain JSON from sendBeacon; idempotent)",
          consumes: ['application/json', 'text/plain'],
          params: SessionParamsSchema,
          body: PlaybackHeartbeatInputSchema,
          response: { 200: PlaybackStateSchema, ...errors },
        },
      },
      async (req) => {
        const user = await requireUser(req);
        return playback.closePlayback(deps(), user.id, req.params.sessionId, req.body);
      },
    );
  };
  await app.register(closeRoute);
};
