/**
 * /api/admin/media, episodes, volumes, issues and pages: the media administration. Admins only
 * (403 `forbidden` for other users, 401 signed out), checked before any body is read. Thin
 * handlers (authenticate → validate → service → present).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPagesSchema,
  ApiErrorBodySchema,
  CreateEpisodeInputSchema,
  CreateIssueInputSchema,
  CreateMediaInputSchema,
  CreateVolumeInputSchema,
  EpisodeSchema,
  IssueSummarySchema,
  MediaSchema,
  ReorderPagesInputSchema,
  UpdateEpisodeInputSchema,
  UpdateIssueInputSchema,
  UpdateMediaInputSchema,
  UpdateVolumeInputSchema,
  VolumeSchema,
} from '@otakura/shared';
import { requireRole } from '../auth/auth.guard';
import { readFileToBuffer, readFileToTemp } from '../uploads/multipart';
import { readImageFiles } from './media-admin-uploads';
import * as service from './media-admin.service';

/** Any string: a malformed id answers 404, like an unknown one. */
const MediaParams = z.object({ mediaId: z.string().max(100) });
const EpisodeParams = z.object({ episodeId: z.string().max(100) });
const VolumeParams = z.object({ volumeId: z.string().max(100) });
const IssueParams = z.object({ issueId: z.string().max(100) });
const PageParams = z.object({ pageId: z.string().max(100) });

/** Told to the admin when an MP4 keeps its index (`moov`) after the media data. */
export const MOOV_AFTER_MDAT_WARNING = '199 - "moov after mdat: seeking needs more range requests"';

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};
const uploadErrors = {
  ...errors,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const tags = ['media', 'admin'];

export const mediaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const deps = (): service.MediaAdminDeps => ({
    db: app.ctx.database.db,
    storage: app.ctx.storage,
  });

  // ---- entries

  app.post(
    '/api/admin/media',
    {
      schema: {
        tags,
        summary: 'Create a media entry (admins only)',
        body: CreateMediaInputSchema,
        response: { 201: MediaSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      return reply.status(201).send(await service.createMedia(db(), admin.id, req.body));
    },
  );

  app.patch(
    '/api/admin/media/:mediaId',
    {
      schema: {
        tags,
        summary: 'Change a media entry; only the fields given (admins only)',
        params: MediaParams,
        body: UpdateMediaInputSchema,
        response: { 200: MediaSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateMedia(db(), admin.id, req.params.mediaId, req.body);
    },
  );

  for (const which of ['cover', 'banner'] as const) {
    app.put(
      `/api/admin/media/:mediaId/${which}`,
      {
        config: { rateLimit: UPLOAD_RATE_LIMIT },
        schema: {
          tags,
          summary: `Upload a media entry's ${which} (admins only; multipart, one image file)`,
          consumes: ['multipart/form-data'],
          params: MediaParams,
          response: { 200: MediaSchema, ...uploadErrors },
        },
      },
      async (req, reply) => {
        const admin = await requireRole(req, 'admin');
        const file = await readFileToBuffer(req, { kind: 'image', reply });
        return service.setMediaImage(deps(), admin.id, req.params.mediaId, which, file.buffer);
      },
    );
  }

  // ---- episodes

  app.post(
    '/api/admin/media/:mediaId/episodes',
    {
      schema: {
        tags,
        summary: 'Add an episode to a video entry; the number defaults to the next (admins only)',
        params: MediaParams,
        body: CreateEpisodeInputSchema,
        response: { 201: EpisodeSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const episode = await service.createEpisode(db(), admin.id, req.params.mediaId, req.body);
      return reply.status(201).send(episode);
    },
  );

  app.patch(
    '/api/admin/episodes/:episodeId',
    {
      schema: {
        tags,
        summary: "Change an episode's number or title (admins only)",
        params: EpisodeParams,
        body: UpdateEpisodeInputSchema,
        response: { 200: EpisodeSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateEpisode(db(), admin.id, req.params.episodeId, req.body);
    },
  );

  app.put(
    '/api/admin/episodes/:episodeId/video',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "Upload an episode's video (admins only; multipart, one MP4 or WebM file, typed by its bytes)",
        description:
          'An MP4 whose moov box follows mdat is kept, and the answer carries the header ' +
          `\`Warning: ${MOOV_AFTER_MDAT_WARNING}\`.`,
        consumes: ['multipart/form-data'],
        params: EpisodeParams,
        response: { 200: EpisodeSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const file = await readFileToTemp(req, { kind: 'video', reply });
      try {
        const result = await service.setEpisodeVideo(deps(), admin.id, req.params.episodeId, file);
        if (result.moovAfterMdat) {
          req.log.warn(
            { episodeId: req.params.episodeId, videoUrl: result.episode.videoUrl },
            'episode video keeps moov after mdat: seeking needs more range requests',
          );
          void reply.header('warning', MOOV_AFTER_MDAT_WARNING);
        }
        return result.episode;
      } finally {
        await file.cleanup();
      }
    },
  );

  app.put(
    '/api/admin/episodes/:episodeId/thumbnail',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary: "Upload an episode's thumbnail (admins only; multipart, one image file)",
        consumes: ['multipart/form-data'],
        params: EpisodeParams,
        response: { 200: EpisodeSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const file = await readFileToBuffer(req, { kind: 'image', reply });
      return service.setEpisodeThumbnail(deps(), admin.id, req.params.episodeId, file.buffer);
    },
  );

  // ---- volumes

  app.post(
    '/api/admin/media/:mediaId/volumes',
    {
      schema: {
        tags,
        summary: 'Add a volume to a manga; the number defaults to the next (admins only)',
        params: MediaParams,
        body: CreateVolumeInputSchema,
        response: { 201: VolumeSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const volume = await service.createVolume(db(), admin.id, req.params.mediaId, req.body);
      return reply.status(201).send(volume);
    },
  );

  app.patch(
    '/api/admin/volumes/:volumeId',
    {
      schema: {
        tags,
        summary: "Change a volume's number or title (admins only)",
        params: VolumeParams,
        body: UpdateVolumeInputSchema,
        response: { 200: VolumeSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateVolume(db(), admin.id, req.params.volumeId, req.body);
    },
  );

  app.put(
    '/api/admin/volumes/:volumeId/cover',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary: "Upload a volume's cover (admins only; multipart, one image file)",
        consumes: ['multipart/form-data'],
        params: VolumeParams,
        response: { 200: VolumeSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const file = await readFileToBuffer(req, { kind: 'image', reply });
      return service.setVolumeCover(deps(), admin.id, req.params.volumeId, file.buffer);
    },
  );

  // ---- issues and pages

  app.post(
    '/api/admin/media/:mediaId/issues',
    {
      schema: {
        tags,
        summary:
          'Add an issue: to a volume of a manga (volumeId) or to a sequence (no volume) (admins only)',
        params: MediaParams,
        body: CreateIssueInputSchema,
        response: { 201: IssueSummarySchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const issue = await service.createIssue(db(), admin.id, req.params.mediaId, req.body);
      return reply.status(201).send(issue);
    },
  );

  app.patch(
    '/api/admin/issues/:issueId',
    {
      schema: {
        tags,
        summary: "Change an issue's number or title (admins only)",
        params: IssueParams,
        body: UpdateIssueInputSchema,
        response: { 200: IssueSummarySchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.updateIssue(db(), admin.id, req.params.issueId, req.body);
    },
  );

  app.post(
    '/api/admin/issues/:issueId/pages',
    {
      config: { rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags,
        summary:
          "Append pages to an issue (admins only; multipart, one or more image files in order); answers all the issue's pages",
        consumes: ['multipart/form-data'],
        params: IssueParams,
        response: { 201: AdminPagesSchema, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const admin = await requireRole(req, 'admin');
      const pages = await service.addPages(
        deps(),
        admin.id,
        req.params.issueId,
        readImageFiles(req, reply),
      );
      return reply.status(201).send(pages);
    },
  );

  app.put(
    '/api/admin/issues/:issueId/pages/order',
    {
      schema: {
        tags,
        summary: "Put an issue's pages in a new order: every page id once (admins only)",
        params: IssueParams,
        body: ReorderPagesInputSchema,
        response: { 200: AdminPagesSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.reorderPages(db(), admin.id, req.params.issueId, req.body);
    },
  );

  app.delete(
    '/api/admin/pages/:pageId',
    {
      schema: {
        tags,
        summary: "Remove a page; the issue's later pages move up (admins only)",
        params: PageParams,
        response: { 200: AdminPagesSchema, ...errors },
      },
    },
    async (req) => {
      const admin = await requireRole(req, 'admin');
      return service.deletePage(deps(), admin.id, req.params.pageId);
    },
  );
};
