/**
 * The media administration (admins only; routes check the role first): entries, their cover and
 * banner, episodes with their video and thumbnail, volumes with their cover, issues and their
 * pages. Numbers stay unique per entry (episodes, volumes) or per volume / sequence (issues),
 * pages stay numbered 1..n, and a stored file is deleted only after the row that replaced it is
 * saved (or when the row that held it is gone).
 */
import sharp from 'sharp';
import type { z } from 'zod';
import type {
  AdminPages,
  CreateEpisodeInputSchema,
  CreateIssueInputSchema,
  CreateMediaInputSchema,
  CreateVolumeInputSchema,
  Episode,
  IssueSummary,
  Media,
  ReorderPagesInput,
  UpdateEpisodeInput,
  UpdateIssueInput,
  UpdateMediaInput,
  UpdateVolumeInput,
  Volume,
} from '@otakura/shared';
import { isUniqueViolation, runInTransaction, sqlState, type Db, type Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, validationError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../moderation/audit.service';
import {
  deleteUploadKeys,
  imageKeys,
  saveImageUpload,
  saveVideoUpload,
} from '../uploads/upload.service';
import { inspectMp4Layout } from './media-admin-uploads';
import * as adminRepo from './media-admin.repository';
import { toEpisode, toIssueSummary, toReaderPage, toVolume } from './media.mapper';
import * as repo from './media.repository';
import { getMedia, mediaNotFound } from './media.service';

export interface MediaAdminDeps {
  db: Db;
  storage: Storage;
}

type CreateMediaInput = z.output<typeof CreateMediaInputSchema>;
type CreateEpisodeInput = z.output<typeof CreateEpisodeInputSchema>;
type CreateVolumeInput = z.output<typeof CreateVolumeInputSchema>;
type CreateIssueInput = z.output<typeof CreateIssueInputSchema>;

/** The most pages one issue holds (the reorder input's limit). */
export const ISSUE_PAGES_MAX = 2000;

const episodeNotFound = () => notFound('episode_not_found');
const volumeNotFound = () => notFound('volume_not_found');
const issueNotFound = () => notFound('issue_not_found');
const pageNotFound = () => notFound('page_not_found');
const numberTaken = () => conflict('number_taken');
const kindMismatch = (message?: string) => conflict('media_kind_mismatch', message);

/** The storage folder of everything an entry holds (covers, banners, videos, pages). */
export function mediaFolder(mediaId: string): string {
  return `media/${mediaId}`;
}

/** Deletes replaced files, only ever inside the entry's own folder. */
async function deleteReplaced(
  storage: Storage,
  mediaId: string,
  keys: (string | null | undefined)[],
  keep: string[] = [],
): Promise<void> {
  const prefix = `${mediaFolder(mediaId)}/`;
  const doomed = keys.filter((k): k is string => !!k && k.startsWith(prefix) && !keep.includes(k));
  await deleteUploadKeys(storage, [...new Set(doomed)]);
}

/** Runs a numbering write; a unique index that still refuses the number answers 409. */
async function numbered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw numberTaken();
    throw err;
  }
}

const UNIT_WORDS = { episode: 'Episode', volume: 'Volume', issue: 'Issue' } as const;

/**
 * Writes the audit line of an admin's change inside its transaction: `media.*` for an entry,
 * `media_unit.*` for an episode, volume or issue (pages are changes of their issue). The label is
 * the entry's title, with the unit's number ("Frieren · Episode 3").
 */
async function auditMedia(
  tx: Tx,
  adminId: string,
  action: 'create' | 'update',
  target: { mediaId: string; unit?: { type: 'episode' | 'volume' | 'issue'; id: string } },
  details: Record<string, unknown> = {},
): Promise<void> {
  const { title, number } = await adminRepo.auditLabelParts(tx, target.mediaId, target.unit);
  const unit = target.unit;
  await recordAudit(tx, {
    actorId: adminId,
    action: unit ? `media_unit.${action}` : `media.${action}`,
    targetType: unit ? unit.type : 'media',
    targetId: unit ? unit.id : target.mediaId,
    label: unit ? `${title ?? ''} · ${UNIT_WORDS[unit.type]} ${number ?? ''}`.trim() : title,
    details: unit ? { mediaId: target.mediaId, ...details } : details,
  });
}

/** The input fields given (what an edit changes). */
const fieldsOf = (input: object) =>
  Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);

// ---- entries ----------------------------------------------------------------------------------

/** Creates an entry; the reading direction defaults to right-to-left for manga. */
export async function createMedia(
  db: Db,
  adminId: string,
  input: CreateMediaInput,
): Promise<Media> {
  const id = await runInTransaction(db, async (tx) => {
    const created = await adminRepo.insertMedia(tx, {
      kind: input.kind,
      title: input.title,
      about: input.about,
      author: input.author,
      language: input.language,
      nsfw: input.nsfw,
      keywords: input.keywords,
      readingDirection: input.readingDirection ?? (input.kind === 'manga' ? 'rtl' : 'ltr'),
    });
    await auditMedia(tx, adminId, 'create', { mediaId: created }, { kind: input.kind });
    return created;
  });
  return getMedia(db, adminId, id);
}

/** Changes only the fields given; the kind never changes. */
export async function updateMedia(
  db: Db,
  adminId: string,
  mediaId: string,
  input: UpdateMediaInput,
): Promise<Media> {
  if (!isId(mediaId)) throw mediaNotFound();
  try {
    await runInTransaction(db, async (tx) => {
      if (!(await adminRepo.updateMedia(tx, mediaId, input))) throw mediaNotFound();
      await auditMedia(tx, adminId, 'update', { mediaId }, { fields: fieldsOf(input) });
    });
  } catch (err) {
    // The series' community (issue 12): one series per community (unique index), and it exists.
    const unique = !(err instanceof AppError) && isUniqueViolation(err);
    const missing = !(err instanceof AppError) && sqlState(err) === '23503';
    if (unique || missing) {
      const message = unique
        ? 'That community already belongs to another series.'
        : 'That community was not found.';
      throw validationError([{ path: 'communityId', message }], message);
    }
    throw err;
  }
  return getMedia(db, adminId, mediaId);
}

/**
 * Replaces an entry's cover (640 px WebP) or banner (1280 px). The image is checked by its bytes
 * and stored under `media/{mediaId}/`; the row is pointed at it before the old file is deleted.
 */
export async function setMediaImage(
  deps: MediaAdminDeps,
  adminId: string,
  mediaId: string,
  which: 'cover' | 'banner',
  buffer: Buffer,
): Promise<Media> {
  if (!isId(mediaId) || !(await adminRepo.findMediaKind(deps.db, mediaId))) throw mediaNotFound();
  const column = which === 'cover' ? 'imageKey' : 'bannerKey';
  const key = await storeImage(deps.storage, mediaId, buffer, which === 'cover' ? 640 : 1280);
  const replaced = await saveOrRemove(deps.storage, key, () =>
    runInTransaction(deps.db, async (tx) => {
      const r = await adminRepo.replaceMediaImage(tx, mediaId, column, key);
      if (r) await auditMedia(tx, adminId, 'update', { mediaId }, { fields: [which] });
      return r;
    }),
  );
  if (!replaced) throw mediaNotFound();
  await deleteReplaced(deps.storage, mediaId, [replaced.old], [key]);
  return getMedia(deps.db, adminId, mediaId);
}

/**
 * Stores one image for the entry and answers the key of its widest variant (≤ `maxWidth`);
 * other variants are removed at once, since a media row keeps one key per picture.
 */
async function storeImage(
  storage: Storage,
  mediaId: string,
  buffer: Buffer,
  maxWidth: 640 | 1280,
): Promise<string> {
  const saved = await saveImageUpload(storage, { prefix: mediaFolder(mediaId), buffer, maxWidth });
  await deleteUploadKeys(
    storage,
    imageKeys(saved).filter((k) => k !== saved.key),
  );
  return saved.key;
}

/** Runs the write that saves `key`; removes the stored file when it fails or finds nothing. */
async function saveOrRemove<T>(
  storage: Storage,
  key: string | string[],
  write: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const keys = [key].flat();
  let result: T | undefined;
  try {
    result = await write();
  } catch (err) {
    await deleteUploadKeys(storage, keys);
    throw err;
  }
  if (result === undefined) await deleteUploadKeys(storage, keys);
  return result;
}

// ---- episodes ---------------------------------------------------------------------------------

async function presentEpisode(db: Db, episodeId: string, viewerId: string): Promise<Episode> {
  const row = await repo.findEpisode(db, episodeId, viewerId);
  if (!row) throw episodeNotFound();
  return toEpisode(row);
}

/** Adds an episode to a video entry; `number` defaults to one more than the highest. */
export async function createEpisode(
  db: Db,
  adminId: string,
  mediaId: string,
  input: CreateEpisodeInput,
): Promise<Episode> {
  if (!isId(mediaId)) throw mediaNotFound();
  const id = await numbered(() =>
    runInTransaction(db, async (tx) => {
      const kind = await adminRepo.findMediaKind(tx, mediaId);
      if (!kind) throw mediaNotFound();
      if (kind !== 'video') throw kindMismatch('Episodes are for video entries.');
      await adminRepo.lockNumbering(tx, mediaId);
      const number = input.number ?? (await adminRepo.nextEpisodeNumber(tx, mediaId));
      if (await adminRepo.episodeNumberTaken(tx, mediaId, number)) throw numberTaken();
      const created = await adminRepo.insertEpisode(tx, { mediaId, number, title: input.title });
      await auditMedia(tx, adminId, 'create', { mediaId, unit: { type: 'episode', id: created } });
      return created;
    }),
  );
  return presentEpisode(db, id, adminId);
}

export async function updateEpisode(
  db: Db,
  adminId: string,
  episodeId: string,
  input: UpdateEpisodeInput,
): Promise<Episode> {
  if (!isId(episodeId)) throw episodeNotFound();
  await numbered(() =>
    runInTransaction(db, async (tx) => {
      const head = await adminRepo.findEpisodeHead(tx, episodeId);
      if (!head) throw episodeNotFound();
      if (input.number !== undefined) {
        await adminRepo.lockNumbering(tx, head.mediaId);
        if (await adminRepo.episodeNumberTaken(tx, head.mediaId, input.number, episodeId))
          throw numberTaken();
      }
      await adminRepo.updateEpisode(tx, episodeId, { number: input.number, title: input.title });
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: head.mediaId, unit: { type: 'episode', id: episodeId } },
        { fields: fieldsOf(input) },
      );
    }),
  );
  return presentEpisode(db, episodeId, adminId);
}

/** A plain frame for the video pipeline, which stores a client thumbnail with every video. */
let placeholderFrame: Promise<Buffer> | undefined;
function placeholder(): Promise<Buffer> {
  placeholderFrame ??= sharp({
    create: { width: 16, height: 9, channels: 3, background: '#000000' },
  })
    .png()
    .toBuffer();
  return placeholderFrame;
}

export interface EpisodeVideoResult {
  episode: Episode;
  /** An MP4 whose `moov` box comes after `mdat`: it plays, but seeking needs more range requests. */
  moovAfterMdat: boolean;
}

/**
 * Replaces an episode's video: an MP4 or WebM recognised by its bytes (415 otherwise), stored
 * under `media/{mediaId}/`. For an MP4 the duration comes from its movie header and the box
 * order is checked (`moovAfterMdat`); the file is kept either way. The old video is deleted once
 * the row points at the new one.
 */
export async function setEpisodeVideo(
  deps: MediaAdminDeps,
  adminId: string,
  episodeId: string,
  file: { path: string },
): Promise<EpisodeVideoResult> {
  if (!isId(episodeId)) throw episodeNotFound();
  const head = await adminRepo.findEpisodeHead(deps.db, episodeId);
  if (!head) throw episodeNotFound();
  const saved = await saveVideoUpload(deps.storage, {
    prefix: mediaFolder(head.mediaId),
    video: { path: file.path },
    thumbnail: await placeholder(),
  });
  // The pipeline's thumbnail is our placeholder; episodes have their own thumbnail upload.
  await deleteUploadKeys(deps.storage, imageKeys(saved.thumbnail));
  const layout =
    saved.contentType === 'video/mp4'
      ? await inspectMp4Layout(file.path)
      : { moovFirst: null, durationSeconds: null };

  const old = await saveOrRemove(deps.storage, saved.key, () =>
    runInTransaction(deps.db, async (tx) => {
      const locked = await adminRepo.findEpisodeHead(tx, episodeId, { forUpdate: true });
      if (!locked) return undefined;
      await adminRepo.updateEpisode(tx, episodeId, {
        videoKey: saved.key,
        durationSeconds: layout.durationSeconds,
      });
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: locked.mediaId, unit: { type: 'episode', id: episodeId } },
        { fields: ['video'] },
      );
      return { videoKey: locked.videoKey };
    }),
  );
  if (!old) throw episodeNotFound();
  await deleteReplaced(deps.storage, head.mediaId, [old.videoKey], [saved.key]);
  return {
    episode: await presentEpisode(deps.db, episodeId, adminId),
    moovAfterMdat: layout.moovFirst === false,
  };
}

/** Replaces an episode's thumbnail (640 px WebP). */
export async function setEpisodeThumbnail(
  deps: MediaAdminDeps,
  adminId: string,
  episodeId: string,
  buffer: Buffer,
): Promise<Episode> {
  if (!isId(episodeId)) throw episodeNotFound();
  const head = await adminRepo.findEpisodeHead(deps.db, episodeId);
  if (!head) throw episodeNotFound();
  const key = await storeImage(deps.storage, head.mediaId, buffer, 640);
  const old = await saveOrRemove(deps.storage, key, () =>
    runInTransaction(deps.db, async (tx) => {
      const locked = await adminRepo.findEpisodeHead(tx, episodeId, { forUpdate: true });
      if (!locked) return undefined;
      await adminRepo.updateEpisode(tx, episodeId, { thumbnailKey: key });
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: locked.mediaId, unit: { type: 'episode', id: episodeId } },
        { fields: ['thumbnail'] },
      );
      return { thumbnailKey: locked.thumbnailKey };
    }),
  );
  if (!old) throw episodeNotFound();
  await deleteReplaced(deps.storage, head.mediaId, [old.thumbnailKey], [key]);
  return presentEpisode(deps.db, episodeId, adminId);
}

// ---- volumes ----------------------------------------------------------------------------------

async function presentVolume(db: Db, volumeId: string, viewerId: string): Promise<Volume> {
  const row = await repo.findVolume(db, volumeId);
  if (!row) throw volumeNotFound();
  const issues = await repo.listVolumeIssues(db, row.mediaId, [row.id], viewerId);
  return toVolume(row, issues.get(row.id) ?? []);
}

/** Adds a volume to a manga; `number` defaults to one more than the highest. */
export async function createVolume(
  db: Db,
  adminId: string,
  mediaId: string,
  input: CreateVolumeInput,
): Promise<Volume> {
  if (!isId(mediaId)) throw mediaNotFound();
  const id = await numbered(() =>
    runInTransaction(db, async (tx) => {
      const kind = await adminRepo.findMediaKind(tx, mediaId);
      if (!kind) throw mediaNotFound();
      if (kind !== 'manga') throw kindMismatch('Volumes are for manga.');
      await adminRepo.lockNumbering(tx, mediaId);
      const number = input.number ?? (await adminRepo.nextVolumeNumber(tx, mediaId));
      if (await adminRepo.volumeNumberTaken(tx, mediaId, number)) throw numberTaken();
      const created = await adminRepo.insertVolume(tx, { mediaId, number, title: input.title });
      await auditMedia(tx, adminId, 'create', { mediaId, unit: { type: 'volume', id: created } });
      return created;
    }),
  );
  return presentVolume(db, id, adminId);
}

export async function updateVolume(
  db: Db,
  adminId: string,
  volumeId: string,
  input: UpdateVolumeInput,
): Promise<Volume> {
  if (!isId(volumeId)) throw volumeNotFound();
  await numbered(() =>
    runInTransaction(db, async (tx) => {
      const head = await adminRepo.findVolumeHead(tx, volumeId);
      if (!head) throw volumeNotFound();
      if (input.number !== undefined) {
        await adminRepo.lockNumbering(tx, head.mediaId);
        if (await adminRepo.volumeNumberTaken(tx, head.mediaId, input.number, volumeId))
          throw numberTaken();
      }
      await adminRepo.updateVolume(tx, volumeId, { number: input.number, title: input.title });
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: head.mediaId, unit: { type: 'volume', id: volumeId } },
        { fields: fieldsOf(input) },
      );
    }),
  );
  return presentVolume(db, volumeId, adminId);
}

/** Replaces a volume's cover (640 px WebP). */
export async function setVolumeCover(
  deps: MediaAdminDeps,
  adminId: string,
  volumeId: string,
  buffer: Buffer,
): Promise<Volume> {
  if (!isId(volumeId)) throw volumeNotFound();
  const head = await adminRepo.findVolumeHead(deps.db, volumeId);
  if (!head) throw volumeNotFound();
  const key = await storeImage(deps.storage, head.mediaId, buffer, 640);
  const old = await saveOrRemove(deps.storage, key, () =>
    runInTransaction(deps.db, async (tx) => {
      const locked = await adminRepo.findVolumeHead(tx, volumeId, { forUpdate: true });
      if (!locked) return undefined;
      await adminRepo.updateVolume(tx, volumeId, { coverKey: key });
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: locked.mediaId, unit: { type: 'volume', id: volumeId } },
        { fields: ['cover'] },
      );
      return { coverKey: locked.coverKey };
    }),
  );
  if (!old) throw volumeNotFound();
  await deleteReplaced(deps.storage, head.mediaId, [old.coverKey], [key]);
  return presentVolume(deps.db, volumeId, adminId);
}

// ---- issues -----------------------------------------------------------------------------------

async function presentIssue(db: Db, issueId: string, viewerId: string): Promise<IssueSummary> {
  const row = await repo.findIssue(db, issueId, viewerId);
  if (!row) throw issueNotFound();
  return toIssueSummary(row);
}

/**
 * Adds an issue: a manga's issue names one of its volumes, a sequence's issue has none. Numbers
 * are unique within the volume (manga) or the sequence; the default is one more than the highest
 * issue number of the whole entry, so chapters numbered across volumes continue by themselves.
 */
export async function createIssue(
  db: Db,
  adminId: string,
  mediaId: string,
  input: CreateIssueInput,
): Promise<IssueSummary> {
  if (!isId(mediaId)) throw mediaNotFound();
  const id = await runInTransaction(db, async (tx) => {
    const kind = await adminRepo.findMediaKind(tx, mediaId);
    if (!kind) throw mediaNotFound();
    if (kind === 'video') throw kindMismatch('Issues are for manga and sequences.');
    if (kind === 'sequence' && input.volumeId !== null)
      throw kindMismatch('A sequence has no volumes: its issues take no volumeId.');
    if (kind === 'manga') {
      if (input.volumeId === null)
        throw validationError([{ path: 'volumeId', message: 'Choose the volume of this issue.' }]);
      const volume = await adminRepo.findVolumeHead(tx, input.volumeId);
      if (!volume || volume.mediaId !== mediaId) throw volumeNotFound();
    }
    await adminRepo.lockNumbering(tx, mediaId);
    const number = input.number ?? (await adminRepo.nextIssueNumber(tx, mediaId));
    if (await adminRepo.issueNumberTaken(tx, mediaId, input.volumeId, number)) throw numberTaken();
    const created = await adminRepo.insertIssue(tx, {
      mediaId,
      volumeId: input.volumeId,
      number,
      title: input.title,
    });
    await auditMedia(tx, adminId, 'create', { mediaId, unit: { type: 'issue', id: created } });
    return created;
  });
  return presentIssue(db, id, adminId);
}

export async function updateIssue(
  db: Db,
  adminId: string,
  issueId: string,
  input: UpdateIssueInput,
): Promise<IssueSummary> {
  if (!isId(issueId)) throw issueNotFound();
  await runInTransaction(db, async (tx) => {
    const head = await adminRepo.findIssueHead(tx, issueId);
    if (!head) throw issueNotFound();
    if (input.number !== undefined) {
      await adminRepo.lockNumbering(tx, head.mediaId);
      if (await adminRepo.issueNumberTaken(tx, head.mediaId, head.volumeId, input.number, issueId))
        throw numberTaken();
    }
    await adminRepo.updateIssue(tx, issueId, { number: input.number, title: input.title });
    await auditMedia(
      tx,
      adminId,
      'update',
      { mediaId: head.mediaId, unit: { type: 'issue', id: issueId } },
      { fields: fieldsOf(input) },
    );
  });
  return presentIssue(db, issueId, adminId);
}

// ---- pages ------------------------------------------------------------------------------------

async function presentPages(db: Db, issueId: string): Promise<AdminPages> {
  return { items: (await repo.listPages(db, issueId)).map(toReaderPage) };
}

/** The size of the stored variant: at most 1280 px wide, never enlarged, same proportions. */
function storedSize(width: number, height: number): { width: number; height: number } {
  if (width <= 1280) return { width, height };
  return { width: 1280, height: Math.max(1, Math.round((height * 1280) / width)) };
}

/**
 * Appends pages to an issue in the order received: each file is decoded and re-encoded by the
 * uploads pipeline (any accepted image → WebP at most 1280 px wide) and its size recorded. All
 * files are stored before one transaction numbers them after the issue's last page; if any file
 * is refused or the write fails, none is kept.
 */
export async function addPages(
  deps: MediaAdminDeps,
  adminId: string,
  issueId: string,
  files: AsyncIterable<Buffer>,
): Promise<AdminPages> {
  if (!isId(issueId)) throw issueNotFound();
  const head = await adminRepo.findIssueHead(deps.db, issueId);
  if (!head) throw issueNotFound();
  const existing = await adminRepo.countPages(deps.db, issueId);

  const stored: { imageKey: string; width: number; height: number }[] = [];
  try {
    for await (const buffer of files) {
      if (existing + stored.length >= ISSUE_PAGES_MAX) throw tooManyPages();
      const saved = await saveImageUpload(deps.storage, {
        prefix: mediaFolder(head.mediaId),
        buffer,
        maxWidth: 1280,
      });
      stored.push({ imageKey: saved.key, ...storedSize(saved.width, saved.height) });
      await deleteUploadKeys(
        deps.storage,
        imageKeys(saved).filter((k) => k !== saved.key),
      );
    }
  } catch (err) {
    await deleteUploadKeys(
      deps.storage,
      stored.map((p) => p.imageKey),
    );
    throw err;
  }
  if (!stored.length) throw badRequest('file_required');

  const saved = await saveOrRemove(
    deps.storage,
    stored.map((p) => p.imageKey),
    () =>
      runInTransaction(deps.db, async (tx) => {
        const locked = await adminRepo.findIssueHead(tx, issueId, { forUpdate: true });
        if (!locked) return undefined;
        if ((await adminRepo.countPages(tx, issueId)) + stored.length > ISSUE_PAGES_MAX)
          throw tooManyPages();
        await adminRepo.appendPages(tx, issueId, stored);
        await auditMedia(
          tx,
          adminId,
          'update',
          { mediaId: locked.mediaId, unit: { type: 'issue', id: issueId } },
          { pages: 'added', count: stored.length },
        );
        return true;
      }),
  );
  if (!saved) throw issueNotFound();
  return presentPages(deps.db, issueId);
}

const tooManyPages = () =>
  validationError(
    [{ path: 'file', message: `An issue holds at most ${ISSUE_PAGES_MAX} pages.` }],
    `An issue holds at most ${ISSUE_PAGES_MAX} pages.`,
  );

/**
 * Puts an issue's pages in a new order: `pageIds` must list every page of the issue exactly once
 * (400 `page_order_mismatch` otherwise). One transaction renumbers them 1..n.
 */
export async function reorderPages(
  db: Db,
  adminId: string,
  issueId: string,
  input: ReorderPagesInput,
): Promise<AdminPages> {
  if (!isId(issueId)) throw issueNotFound();
  await runInTransaction(db, async (tx) => {
    const head = await adminRepo.findIssueHead(tx, issueId, { forUpdate: true });
    if (!head) throw issueNotFound();
    const current = await adminRepo.pageIdsInOrder(tx, issueId);
    const wanted = input.pageIds.map((id) => id.toLowerCase());
    const same =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((id) => current.includes(id));
    if (!same) throw badRequest('page_order_mismatch');
    await adminRepo.renumberPages(tx, issueId, wanted);
    await auditMedia(
      tx,
      adminId,
      'update',
      { mediaId: head.mediaId, unit: { type: 'issue', id: issueId } },
      { pages: 'reordered' },
    );
  });
  return presentPages(db, issueId);
}

/** Removes a page; the pages after it move up one. The file is deleted after the commit. */
export async function deletePage(
  deps: MediaAdminDeps,
  adminId: string,
  pageId: string,
): Promise<AdminPages> {
  if (!isId(pageId)) throw pageNotFound();
  const issueId = await adminRepo.findPageIssue(deps.db, pageId);
  if (!issueId) throw pageNotFound();
  const deleted = await runInTransaction(deps.db, async (tx) => {
    const head = await adminRepo.findIssueHead(tx, issueId, { forUpdate: true });
    if (!head) return undefined;
    const page = await adminRepo.deletePage(tx, issueId, pageId);
    if (page)
      await auditMedia(
        tx,
        adminId,
        'update',
        { mediaId: head.mediaId, unit: { type: 'issue', id: issueId } },
        { pages: 'deleted', pageId },
      );
    return page ? { ...page, mediaId: head.mediaId } : undefined;
  });
  if (!deleted) throw pageNotFound();
  await deleteReplaced(deps.storage, deleted.mediaId, [deleted.imageKey]);
  return presentPages(deps.db, issueId);
}
