/**
 * Loads the first build's Realtime Database export and its stored files into this database
 * (docs/import-firebase.md). Every record goes in with its `import_records` row in one
 * transaction, so a second run finds each one and changes nothing; images go through the
 * uploads pipeline (re-encoded WebP and AVIF variants, size, placeholder) and videos are
 * checked by their bytes and stored with their thumbnail; counters are recomputed from the
 * rows at the end. Rows that cannot be brought in are skipped and reported with why.
 */
import {
  DELETED_COMMENT_TEXT,
  LIMITS,
  parseBirthday,
  POST_TYPES,
  SYSTEM_USER_ID,
  UsernameSchema,
} from '@otakura/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, runInTransaction, type Db, type Tx } from '../../db/client';
import {
  commentLikes,
  comments,
  communities,
  communityMembers,
  importRecords,
  media,
  mediaEpisodes,
  mediaIssues,
  mediaLikes,
  mediaPages,
  mediaVolumes,
  postImages,
  postLikes,
  posts,
  reports,
  shopItems,
  shopLikes,
  userFollows,
  users,
} from '../../db/schema';
import type { ImageVariantRef } from '../../db/schema/posts';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { normalizeUrl, urlHash } from '../../modules/link-previews/link-previews.service';
import type { ImageVariantWidth } from '../../modules/uploads/image-processing';
import {
  deleteUploadKeys,
  imageKeys,
  saveImageUpload,
  saveVideoUpload,
  uploadPrefix,
  type SavedImage,
} from '../../modules/uploads/upload.service';
import { inspectVideo } from '../../modules/uploads/video-processing';
import type { Storage } from '../../storage/storage';
import { recomputeCounters } from './counters';
import {
  cents,
  children,
  COLLECTIONS,
  date,
  DERIVED_COLLECTIONS,
  flag,
  isObject,
  isSet,
  num,
  readExport,
  str,
  type Collection,
  type FirebaseExport,
} from './export-reader';
import { readReferencedFile } from './files';
import {
  countsOf,
  emptyReport,
  type FileProblem,
  type ImportReport,
  type SkipReason,
} from './report';

export interface ImportFirebaseOptions {
  db: Db;
  storage: Storage;
  /** The export's JSON file. */
  exportFile: string;
  /** The folder of the first build's stored files. */
  filesDir: string;
  /** Progress lines (default: none). */
  log?: (message: string) => void;
}

/** Rows inserted per statement for relations (likes, follows, members). */
const RELATION_CHUNK = 500;
/** Views of one media entry brought in as rows at most (they are anonymous rows: spec's Views counter). */
const VIEWS_MAX = 1_000_000;

type Raw = Record<string, unknown>;

class Skip extends Error {
  constructor(
    readonly reason: SkipReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const skip = (reason: SkipReason, detail: string) => new Skip(reason, detail);

interface PostRef {
  id: string;
  userId: string;
  communityId: string;
  /** The author's key in the export. */
  authorKey: string | null;
}
interface CommentRef {
  id: string;
  userId: string;
  postId: string | null;
  mediaId: string | null;
  body: string;
}

/** Imports the export at `exportFile` with the files of `filesDir`; answers the report. */
export async function importFirebaseExport(opts: ImportFirebaseOptions): Promise<ImportReport> {
  const data = await readExport(opts.exportFile);
  const importer = new Importer(opts, data);
  return importer.run();
}

class Importer {
  readonly report: ImportReport;
  private readonly db: Db;
  private readonly storage: Storage;
  private readonly log: (m: string) => void;
  /** collection → export key → local id, from earlier runs and this one. */
  private readonly records = new Map<string, Map<string, string>>();
  private readonly communityByName = new Map<string, string>();
  private readonly posts = new Map<string, PostRef>();
  private readonly comments = new Map<string, CommentRef>();
  private readonly takenUsernames = new Set<string>();
  /** the-posts key → users key, from user-posts (a post without its User field). */
  private readonly authorOfPost = new Map<string, string>();

  constructor(
    private readonly opts: ImportFirebaseOptions,
    private readonly data: FirebaseExport,
  ) {
    this.db = opts.db;
    this.storage = opts.storage;
    this.log = opts.log ?? (() => {});
    this.report = emptyReport(opts.exportFile, opts.filesDir);
  }

  async run(): Promise<ImportReport> {
    const known = new Set<string>(COLLECTIONS);
    for (const name of Object.keys(this.data)) {
      if (known.has(name)) continue;
      this.report.ignored[name] =
        DERIVED_COLLECTIONS[name] ?? 'not a collection of the first build';
    }
    await this.loadRecords();
    for (const [uid, list] of children(this.data['user-posts']))
      for (const [postKey, value] of children(list))
        if (isSet(value) && !this.authorOfPost.has(postKey)) this.authorOfPost.set(postKey, uid);

    await this.importUsers();
    await this.importCommunities();
    await this.importMedia();
    await this.importPosts();
    await this.confirmUserPosts();
    await this.importComments('comments');
    await this.importComments('media-comments');
    await this.importFollows();
    await this.importMembers();
    await this.importLikes('post-like');
    await this.importLikes('comment-like');
    await this.importLikes('media-comment-like');
    await this.importLikes('media-like');
    await this.importShopItems();
    await this.importLikes('shop-like');
    await this.importReports();
    this.log('recomputing counters from the rows…');
    this.report.countersFixed = await recomputeCounters(this.db);
    this.report.finishedAt = new Date().toISOString();
    return this.report;
  }

  // ---------------------------------------------------------------- bookkeeping

  private async loadRecords(): Promise<void> {
    const rows = await this.db
      .select({
        collection: importRecords.collection,
        externalId: importRecords.externalId,
        localId: importRecords.localId,
      })
      .from(importRecords);
    for (const r of rows) this.recordsOf(r.collection).set(r.externalId, r.localId);
    const names = await queryRows<{ u: string }>(
      this.db,
      sql`select lower(username) as u from users where username is not null`,
    );
    for (const n of names) this.takenUsernames.add(n.u);
    // Communities, posts and comments of earlier runs: what later rows refer to.
    const communityIds = [...this.recordsOf('anime-communities').values()];
    for (const ids of chunked(communityIds, 1000)) {
      const rows = await this.db
        .select({ id: communities.id, name: communities.name })
        .from(communities)
        .where(inArray(communities.id, ids));
      for (const c of rows) this.communityByName.set(c.name.toLowerCase(), c.id);
    }
    for (const [key, id] of this.recordsOf('the-posts')) {
      this.posts.set(key, { id, userId: '', communityId: '', authorKey: null });
    }
    for (const ids of chunked(
      [...this.posts.values()].map((p) => p.id),
      1000,
    )) {
      const rows = await this.db
        .select({ id: posts.id, userId: posts.userId, communityId: posts.communityId })
        .from(posts)
        .where(inArray(posts.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const ref of this.posts.values()) {
        const row = byId.get(ref.id);
        if (row) Object.assign(ref, { userId: row.userId, communityId: row.communityId });
      }
    }
    const userKeyById = new Map([...this.recordsOf('users')].map(([k, id]) => [id, k]));
    for (const ref of this.posts.values()) ref.authorKey = userKeyById.get(ref.userId) ?? null;
    for (const collection of ['comments', 'media-comments'] as const) {
      const entries = [...this.recordsOf(collection)];
      for (const part of chunked(entries, 1000)) {
        const rows = await this.db
          .select({
            id: comments.id,
            userId: comments.userId,
            postId: comments.postId,
            mediaId: comments.mediaId,
            body: comments.body,
          })
          .from(comments)
          .where(
            inArray(
              comments.id,
              part.map(([, id]) => id),
            ),
          );
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const [key, id] of part) {
          const row = byId.get(id);
          if (row) this.comments.set(key, row);
        }
      }
    }
  }

  private recordsOf(collection: string): Map<string, string> {
    let m = this.records.get(collection);
    if (!m) this.records.set(collection, (m = new Map()));
    return m;
  }

  private localOf(collection: Collection, key: string): string | undefined {
    return this.records.get(collection)?.get(key);
  }

  private async remember(tx: Tx, collection: Collection, key: string, localId: string) {
    await tx.insert(importRecords).values({ collection, externalId: key, localId });
  }

  private skipped(collection: Collection, id: string, reason: SkipReason, detail: string): void {
    countsOf(this.report, collection).skipped++;
    this.report.skipped.push({ collection, id, reason, detail });
  }

  /**
   * Runs `fn` for each row of a collection with the counting done: a row an earlier run
   * brought in is "already there", a Skip thrown is reported, a true answer is "imported".
   */
  private async eachRow(
    collection: Collection,
    rows: Array<[string, unknown]>,
    fn: (key: string, value: unknown) => Promise<'imported' | 'already'>,
  ): Promise<void> {
    const counts = countsOf(this.report, collection);
    this.log(`${collection}: ${rows.length} rows`);
    for (const [key, value] of rows) {
      counts.read++;
      if (this.localOf(collection, key) !== undefined) {
        counts.alreadyThere++;
        continue;
      }
      try {
        const outcome = await fn(key, value);
        if (outcome === 'imported') counts.imported++;
        else counts.alreadyThere++;
      } catch (err) {
        if (!(err instanceof Skip)) throw err;
        this.skipped(collection, key, err.reason, err.detail);
      }
    }
  }

  private userOf(key: unknown): string | undefined {
    const k = str(key);
    return k ? this.localOf('users', k) : undefined;
  }

  private communityOf(idOrName: unknown): string | undefined {
    const k = str(idOrName);
    if (!k) return undefined;
    return this.localOf('anime-communities', k) ?? this.communityByName.get(k.toLowerCase());
  }

  // ---------------------------------------------------------------- files

  /**
   * Stores the image a row refers to through the uploads pipeline. A file that is missing or
   * refused answers the problem instead (the caller decides whether the row can go without).
   */
  private async storeImage(
    ref: string,
    prefix: string,
    opts: { maxWidth?: ImageVariantWidth; responsive?: boolean } = {},
  ): Promise<
    | { ok: true; saved: SavedImage }
    | { ok: false; reason: 'missing_file' | 'bad_file'; detail: string }
  > {
    const file = await readReferencedFile(this.opts.filesDir, ref, 'image');
    if (!file.ok) return file;
    try {
      const saved = await saveImageUpload(this.storage, { prefix, buffer: file.bytes, ...opts });
      this.report.files.images++;
      this.report.files.bytes += file.bytes.length;
      return { ok: true, saved };
    } catch (err) {
      if (err instanceof AppError)
        return { ok: false, reason: 'bad_file', detail: `${file.path}: ${err.message}` };
      throw err;
    }
  }

  /** An optional image: imported without it (and the problem listed) when it cannot be stored. */
  private async optionalImage(
    collection: Collection,
    id: string,
    field: string,
    ref: unknown,
    prefix: string,
    written: string[],
    opts: { maxWidth?: ImageVariantWidth; responsive?: boolean } = {},
  ): Promise<SavedImage | null> {
    const r = str(ref);
    if (!r) return null;
    const stored = await this.storeImage(r, prefix, opts);
    if (!stored.ok) {
      const problem: FileProblem = {
        collection,
        id,
        field,
        reason: stored.reason,
        detail: stored.detail,
      };
      this.report.fileProblems.push(problem);
      return null;
    }
    written.push(...imageKeys(stored.saved));
    return stored.saved;
  }

  /** A required image: the row is skipped when it cannot be stored. */
  private async requiredImage(
    field: string,
    ref: string,
    prefix: string,
    written: string[],
    opts: { maxWidth?: ImageVariantWidth; responsive?: boolean } = {},
  ): Promise<SavedImage> {
    const stored = await this.storeImage(ref, prefix, opts);
    if (!stored.ok) throw skip(stored.reason, `${field}: ${stored.detail}`);
    written.push(...imageKeys(stored.saved));
    return stored.saved;
  }

  /** A video (checked by its bytes) with its thumbnail image, stored as uploads store them. */
  private async storeVideo(
    videoRef: string,
    thumbnailRef: string | null,
    prefix: string,
    written: string[],
  ): Promise<{ key: string; thumbnail: SavedImage | null }> {
    const video = await readReferencedFile(this.opts.filesDir, videoRef, 'video');
    if (!video.ok) throw skip(video.reason, `video: ${video.detail}`);
    try {
      await inspectVideo(video.bytes);
    } catch (err) {
      if (err instanceof AppError) throw skip('bad_file', `video ${video.path}: ${err.message}`);
      throw err;
    }
    this.report.files.bytes += video.bytes.length;
    if (thumbnailRef) {
      const thumb = await readReferencedFile(this.opts.filesDir, thumbnailRef, 'image');
      if (!thumb.ok) throw skip(thumb.reason, `Thumbnail: ${thumb.detail}`);
      try {
        const saved = await saveVideoUpload(this.storage, {
          prefix,
          video: video.bytes,
          thumbnail: thumb.bytes,
        });
        written.push(saved.key, ...imageKeys(saved.thumbnail));
        this.report.files.videos++;
        this.report.files.images++;
        this.report.files.bytes += thumb.bytes.length;
        return { key: saved.key, thumbnail: saved.thumbnail };
      } catch (err) {
        if (err instanceof AppError)
          throw skip('bad_file', `Thumbnail ${thumb.path}: ${err.message}`);
        throw err;
      }
    }
    const inspected = await inspectVideo(video.bytes);
    const key = `${prefix}/${newId()}.${inspected.ext}`;
    await this.storage.put(key, video.bytes, {
      contentType: inspected.contentType,
      size: inspected.size,
    });
    written.push(key);
    this.report.files.videos++;
    return { key, thumbnail: null };
  }

  /** Runs the row's writes; the files it stored are removed when they fail. */
  private async write<T>(written: string[], fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await runInTransaction(this.db, fn, { retries: 3 });
    } catch (err) {
      await deleteUploadKeys(this.storage, written);
      throw err;
    }
  }

  /** Stores files for a row; anything stored is removed again if the row is then skipped. */
  private async withFiles<T>(fn: (written: string[]) => Promise<T>): Promise<T> {
    const written: string[] = [];
    try {
      return await fn(written);
    } catch (err) {
      await deleteUploadKeys(this.storage, written);
      throw err;
    }
  }

  // ---------------------------------------------------------------- users

  /** A username that fits UsernameSchema and no one here has (any case). */
  private uniqueUsername(key: string, wanted: string | null): string {
    let base = (wanted ?? '')
      .replace(/[^A-Za-z0-9_.]+/g, '_')
      .replace(/^[_.]+|[_.]+$/g, '')
      .slice(0, LIMITS.usernameMax);
    if (base.length < LIMITS.usernameMin || !UsernameSchema.safeParse(base).success) {
      base = `user_${key.replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || 'imported'}`;
    }
    let candidate = base;
    for (let n = 2; this.takenUsernames.has(candidate.toLowerCase()); n++) {
      const suffix = `_${n}`;
      candidate = `${base.slice(0, LIMITS.usernameMax - suffix.length)}${suffix}`;
    }
    this.takenUsernames.add(candidate.toLowerCase());
    return candidate;
  }

  private async importUsers(): Promise<void> {
    const emails = new Set(
      (await queryRows<{ email: string }>(this.db, sql`select email from users`)).map(
        (r) => r.email,
      ),
    );
    await this.eachRow('users', children(this.data.users), async (key, value) => {
      if (!isObject(value)) throw skip('not_an_object', 'a user is an object of fields');
      const email = str(value.email)?.toLowerCase();
      if (!email) throw skip('missing_field', 'no email: the account could not sign in');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
        throw skip('invalid_field', `email "${email.slice(0, 100)}" is not an address`);
      if (emails.has(email)) throw skip('duplicate', `an account here already uses ${email}`);
      const wanted = str(value.username);
      const username = this.uniqueUsername(key, wanted ?? str(value.name) ?? email.split('@')[0]!);
      if (wanted !== username)
        this.report.renamedUsernames[`${key} (${wanted ?? 'no username'})`] = username;
      const id = newId();
      const birthday = str(value.birthday);
      const parsed = birthday ? parseBirthday(birthday) : null;
      await this.withFiles(async (written) => {
        const prefix = uploadPrefix('user-profile-images', id);
        const avatar = await this.optionalImage(
          'users',
          key,
          'profileImageUrl',
          value.profileImageUrl,
          prefix,
          written,
          { maxWidth: 640 },
        );
        const banner = await this.optionalImage(
          'users',
          key,
          'bannerImageUrl',
          value.bannerImageUrl,
          prefix,
          written,
          { maxWidth: 1280 },
        );
        await this.write(written, async (tx) => {
          await tx.insert(users).values({
            id,
            name: (str(value.name) ?? username).slice(0, 80),
            email,
            emailVerified: flag(value.emailVerified),
            username: username.toLowerCase(),
            displayUsername: username,
            bio: str(value.profileDescription)?.slice(0, LIMITS.bioMax) ?? null,
            birthday: birthday?.slice(0, 40) ?? null,
            birthDate: parsed
              ? `${parsed.year}-${String(parsed.month).padStart(2, '0')}-${String(parsed.day).padStart(2, '0')}`
              : null,
            profileImageKey: avatar?.key ?? null,
            bannerImageKey: banner?.key ?? null,
            phone: str(value.Phone)?.slice(0, 40) ?? null,
            nsfwOptIn: flag(value.NSFW),
            eulaAcceptedAt: flag(value.EULA) ? new Date() : null,
          });
          await this.remember(tx, 'users', key, id);
        });
      });
      emails.add(email);
      this.recordsOf('users').set(key, id);
      return 'imported';
    });
  }

  // ---------------------------------------------------------------- communities

  private async importCommunities(): Promise<void> {
    await this.eachRow(
      'anime-communities',
      children(this.data['anime-communities']),
      async (key, value) => {
        if (!isObject(value)) throw skip('not_an_object', 'a community is an object of fields');
        const name = str(value.Community);
        if (!name) throw skip('missing_field', 'no Community (its name)');
        const id = newId();
        await this.withFiles(async (written) => {
          const prefix = `communities/${id}`;
          const image = await this.optionalImage(
            'anime-communities',
            key,
            'Image',
            value.Image,
            prefix,
            written,
            { maxWidth: 1280 },
          );
          const thumb = await this.optionalImage(
            'anime-communities',
            key,
            'Thumbnail',
            value.Thumbnail,
            prefix,
            written,
            { maxWidth: 640 },
          );
          await this.write(written, async (tx) => {
            await tx.insert(communities).values({
              id,
              name: name.slice(0, 100),
              about: str(value.About) ?? '',
              imageKey: image?.key ?? null,
              thumbnailKey: thumb?.key ?? image?.variants.w640Key ?? null,
            });
            await this.remember(tx, 'anime-communities', key, id);
            const ownId = str(value.CommunityID);
            // Posts and followers may name it by its CommunityID or by its name (Anime-Sub).
            if (ownId && ownId !== key && this.localOf('anime-communities', ownId) === undefined) {
              await this.remember(tx, 'anime-communities', ownId, id);
              this.recordsOf('anime-communities').set(ownId, id);
            }
          });
        });
        this.recordsOf('anime-communities').set(key, id);
        if (!this.communityByName.has(name.toLowerCase()))
          this.communityByName.set(name.toLowerCase(), id);
        return 'imported';
      },
    );
  }

  // ---------------------------------------------------------------- media

  /** media-pages keys of one entry, page 1 first: `{id}`, `{id}-2`, `{id}-3`… (spec §3). */
  private pagesOf(mediaKey: string): Array<{ key: string; entries: Raw[] }> {
    const pages: Array<{ key: string; n: number; entries: Raw[] }> = [];
    for (const [key, node] of children(this.data['media-pages'])) {
      let n: number | null = null;
      if (key === mediaKey) n = 1;
      else if (key.startsWith(`${mediaKey}-`) && /^\d+$/.test(key.slice(mediaKey.length + 1)))
        n = Number(key.slice(mediaKey.length + 1));
      if (n === null) continue;
      pages.push({
        key,
        n,
        entries: children(node)
          .map(([, v]) => v)
          .filter(isObject),
      });
    }
    return pages.sort((a, b) => a.n - b.n);
  }

  /** The keywords of media-keywords/{id}: a list, an object of words, or a comma-separated text. */
  private keywordsOf(mediaKey: string): string[] {
    const node = isObject(this.data['media-keywords'])
      ? (this.data['media-keywords'] as Raw)[mediaKey]
      : undefined;
    let words: string[] = [];
    if (typeof node === 'string') words = node.split(',');
    else if (Array.isArray(node)) words = node.map((w) => str(w) ?? '');
    else if (isObject(node))
      words = Object.entries(node).map(([k, v]) => (typeof v === 'string' ? v : k));
    return [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
  }

  private async importMedia(): Promise<void> {
    const mediaRows = children(this.data['the-media-posts']);
    const mediaKeys = new Set(mediaRows.map(([k]) => k));
    await this.eachRow('the-media-posts', mediaRows, async (key, value) => {
      if (!isObject(value)) throw skip('not_an_object', 'a media entry is an object of fields');
      const title = str(value.Title);
      if (!title) throw skip('missing_field', 'no Title');
      const kind = flag(value.Video)
        ? 'video'
        : flag(value.Manga)
          ? 'manga'
          : (num(value.Sequences) ?? 0) > 0 || value.Sequence1 !== undefined
            ? 'sequence'
            : (num(value.Episodes) ?? 0) > 0
              ? 'video'
              : null;
      if (!kind) throw skip('invalid_field', 'neither Video, Manga nor Sequences is set');
      const id = newId();
      const prefix = `media/${id}`;
      const pages = this.pagesOf(key);
      const entries = pages.flatMap((p) => p.entries);
      await this.withFiles(async (written) => {
        const cover = await this.optionalImage(
          'the-media-posts',
          key,
          'Image',
          value.Image,
          prefix,
          written,
          { maxWidth: 640 },
        );
        const banner = await this.optionalImage(
          'the-media-posts',
          key,
          'Banner',
          value.Banner,
          prefix,
          written,
          { maxWidth: 1280 },
        );
        const episodes: Array<typeof mediaEpisodes.$inferInsert> = [];
        const volumes: Array<typeof mediaVolumes.$inferInsert> = [];
        const issues: Array<typeof mediaIssues.$inferInsert> = [];
        const pageRows: Array<typeof mediaPages.$inferInsert> = [];
        if (kind === 'video') {
          const count = Math.max(num(value.Episodes) ?? 0, entries.length);
          for (let n = 1; n <= Math.min(count, 10_000); n++) {
            const entry = entries[n - 1];
            const row: typeof mediaEpisodes.$inferInsert = {
              id: newId(),
              mediaId: id,
              number: n,
              title: (str(value[`Episodes${n}`]) ?? str(entry?.Title) ?? '').slice(0, 200),
            };
            const videoRef = str(entry?.Video);
            if (videoRef) {
              try {
                const stored = await this.storeVideo(
                  videoRef,
                  str(entry?.Thumbnail),
                  prefix,
                  written,
                );
                row.videoKey = stored.key;
                row.thumbnailKey = stored.thumbnail?.variants.w640Key ?? null;
              } catch (err) {
                if (!(err instanceof Skip)) throw err;
                this.report.fileProblems.push({
                  collection: 'media-pages',
                  id: key,
                  field: `episode ${n}`,
                  reason: err.reason === 'bad_file' ? 'bad_file' : 'missing_file',
                  detail: err.detail,
                });
              }
            }
            episodes.push(row);
          }
        } else {
          // Pages of a manga (volume → issue → page) or a sequence (issue → page).
          const issueIds = new Map<string, string>();
          const volumeIds = new Map<number, string>();
          const pageCount = new Map<string, number>();
          const volumeCount = kind === 'manga' ? Math.max(num(value.Volumes) ?? 0, 0) : 0;
          const volumeId = (n: number) => {
            let v = volumeIds.get(n);
            if (!v) {
              volumeIds.set(n, (v = newId()));
              volumes.push({ id: v, mediaId: id, number: n });
            }
            return v;
          };
          for (let n = 1; n <= Math.min(volumeCount, 1000); n++) volumeId(n);
          for (const [i, entry] of entries.entries()) {
            const imageRef = str(entry.Image);
            if (!imageRef) continue;
            const volume =
              kind === 'manga' ? Math.max(1, Math.trunc(num(entry.Volume) ?? 1)) : null;
            const issue = Math.max(1, Math.trunc(num(entry.Issue ?? entry.Chapter) ?? 1));
            const stored = await this.storeImage(imageRef, prefix, { maxWidth: 1280 });
            if (!stored.ok) {
              this.report.fileProblems.push({
                collection: 'media-pages',
                id: key,
                field: `page ${i + 1}`,
                reason: stored.reason,
                detail: stored.detail,
              });
              continue;
            }
            written.push(...imageKeys(stored.saved));
            const issueKey = `${volume ?? 0}:${issue}`;
            let issueId = issueIds.get(issueKey);
            if (!issueId) {
              issueIds.set(issueKey, (issueId = newId()));
              issues.push({
                id: issueId,
                mediaId: id,
                volumeId: volume === null ? null : volumeId(volume),
                number: issue,
              });
            }
            const pageNumber = (pageCount.get(issueKey) ?? 0) + 1;
            pageCount.set(issueKey, pageNumber);
            pageRows.push({
              id: newId(),
              issueId,
              pageNumber,
              imageKey: stored.saved.key,
              width: stored.saved.width,
              height: stored.saved.height,
            });
          }
        }
        const views = Math.min(Math.max(Math.trunc(num(value.Views) ?? 0), 0), VIEWS_MAX);
        const createdAt = date(value.Date) ?? new Date();
        await this.write(written, async (tx) => {
          await tx.insert(media).values({
            id,
            kind,
            title: title.slice(0, 200),
            about: str(value.About) ?? '',
            author: str(value.Author) ?? '',
            bannerKey: banner?.key ?? null,
            imageKey: cover?.key ?? null,
            // Spelled so in the first build (spec §3).
            language: str(value.Lanugage ?? value.Language),
            nsfw: flag(value.NSFW),
            keywords: this.keywordsOf(key),
            readingDirection: kind === 'manga' ? 'rtl' : 'ltr',
            createdAt,
          });
          if (episodes.length) await tx.insert(mediaEpisodes).values(episodes);
          if (volumes.length) await tx.insert(mediaVolumes).values(volumes);
          if (issues.length) await tx.insert(mediaIssues).values(issues);
          for (const part of chunked(pageRows, RELATION_CHUNK))
            await tx.insert(mediaPages).values(part);
          // The first build kept only a Views number: one anonymous view row each keeps view_count = rows.
          if (views > 0)
            await tx.execute(
              sql`insert into media_views (id, media_id, created_at) select gen_random_uuid(), ${id}, ${createdAt} from generate_series(1, ${views})`,
            );
          await this.remember(tx, 'the-media-posts', key, id);
          for (const p of pages) await this.remember(tx, 'media-pages', p.key, id);
          if (this.keywordsOf(key).length) await this.remember(tx, 'media-keywords', key, id);
        });
      });
      this.recordsOf('the-media-posts').set(key, id);
      for (const p of pages) this.recordsOf('media-pages').set(p.key, id);
      this.bump('media-pages', pages.length);
      if (this.keywordsOf(key).length) {
        this.recordsOf('media-keywords').set(key, id);
        this.bump('media-keywords', 1);
      }
      return 'imported';
    });
    // media-pages and media-keywords were read with their entries: count them, report the rest.
    for (const collection of ['media-pages', 'media-keywords'] as const) {
      await this.eachRow(collection, children(this.data[collection]), async (key) => {
        const base = collection === 'media-pages' ? key.replace(/-\d+$/, '') : key;
        const owner = mediaKeys.has(key) ? key : base;
        if (!mediaKeys.has(owner)) throw skip('dangling_reference', `no the-media-posts/${owner}`);
        if (this.localOf('the-media-posts', owner) === undefined)
          throw skip('dangling_reference', `the-media-posts/${owner} was not imported`);
        if (collection === 'media-keywords') throw skip('invalid_field', 'no keywords in it');
        // A page of an entry imported by an earlier run whose export lacked it.
        throw skip(
          'dangling_reference',
          `the-media-posts/${owner} was imported before without this page`,
        );
      });
    }
    // Count what the media rows brought in this run as imported (eachRow saw them as known).
    for (const collection of ['media-pages', 'media-keywords'] as const) {
      const counts = countsOf(this.report, collection);
      const fresh = this.importedThisRun.get(collection) ?? 0;
      counts.alreadyThere -= fresh;
      counts.imported += fresh;
    }
  }

  /** Keys of media-pages / media-keywords brought in by this run (for their counters). */
  private readonly importedThisRun = new Map<string, number>();

  private bump(collection: string, n: number): void {
    this.importedThisRun.set(collection, (this.importedThisRun.get(collection) ?? 0) + n);
  }

  // ---------------------------------------------------------------- posts

  private async importPosts(): Promise<void> {
    await this.eachRow('the-posts', children(this.data['the-posts']), async (key, value) => {
      if (!isObject(value)) throw skip('not_an_object', 'a post is an object of fields');
      const code = num(value.Type);
      if (code === null || ![0, 1, 2, 4, 5].includes(code))
        throw skip(
          'unknown_type_code',
          `Type ${JSON.stringify(value.Type ?? null)} is none of 0, 1, 2, 4, 5`,
        );
      const authorKey = str(value.User) ?? this.authorOfPost.get(key) ?? null;
      const userId = authorKey ? this.userOf(authorKey) : undefined;
      if (!userId)
        throw skip('missing_author', authorKey ? `users/${authorKey} was not imported` : 'no User');
      const communityId =
        this.communityOf(value.CommunityID) ?? this.communityOf(value['Anime-Sub']);
      if (!communityId)
        throw skip(
          'dangling_reference',
          `community ${JSON.stringify(str(value.CommunityID) ?? str(value['Anime-Sub']))} was not imported`,
        );
      const title = str(value.Title);
      if (!title) throw skip('missing_field', 'no Title');
      if (title.length > LIMITS.titleMax)
        throw skip(
          'invalid_field',
          `Title is ${title.length} characters (at most ${LIMITS.titleMax})`,
        );
      const body = typeof value.Body === 'string' ? value.Body : '';
      if (body.length > LIMITS.bodyMax)
        throw skip(
          'invalid_field',
          `Body is ${body.length} characters (at most ${LIMITS.bodyMax})`,
        );
      const id = newId();
      const row: typeof posts.$inferInsert = {
        id,
        userId,
        communityId,
        type: POST_TYPES.text,
        title,
        body,
        nsfw: flag(value.NSFW),
        spoiler: flag(value.Spoiler),
        createdAt: date(value.Date) ?? new Date(),
      };
      const images: Array<typeof postImages.$inferInsert> = [];
      await this.withFiles(async (written) => {
        if (code === 1 || code === 4) {
          const refs = ['Image', 'Image2', 'Image3', 'Image4', 'Image5']
            .map((f) => [f, str(value[f])] as const)
            .filter((r): r is readonly [string, string] => r[1] !== null);
          if (!refs.length) throw skip('missing_field', `Type ${code} without an Image`);
          const saved: SavedImage[] = [];
          for (const [field, ref] of refs)
            saved.push(
              await this.requiredImage(field, ref, uploadPrefix('post-images', userId), written, {
                responsive: true,
              }),
            );
          // The rule of create-post: one GIF is a gif post, anything else images. For code 4
          // (gif in one reading of spec §3, images in the other) the bytes decide.
          const gif = saved.length === 1 && saved[0]!.isGif;
          row.type = gif ? POST_TYPES.gif : POST_TYPES.image;
          if (code === 4) this.report.typeCode4[gif ? 'asGif' : 'asImages']++;
          saved.forEach((img, position) =>
            images.push({
              postId: id,
              position,
              key: img.variants.w640Key,
              largeKey: img.variants.w1280Key ?? null,
              width: img.width,
              height: img.height,
              placeholder: img.placeholder,
              variants: img.variants.files as ImageVariantRef[],
            }),
          );
        } else if (code === 2) {
          const videoRef = str(value.Video) ?? str(value.Image);
          if (!videoRef) throw skip('missing_field', 'Type 2 without its video (Image)');
          const thumbRef = str(value.Thumbnail);
          if (!thumbRef) throw skip('missing_field', 'Type 2 without its Thumbnail');
          const stored = await this.storeVideo(
            videoRef,
            thumbRef,
            uploadPrefix('post-videos', userId),
            written,
          );
          row.type = POST_TYPES.video;
          row.videoKey = stored.key;
          row.thumbnailKey = stored.thumbnail!.variants.w640Key;
          row.videoWidth = stored.thumbnail!.width;
          row.videoHeight = stored.thumbnail!.height;
        } else if (code === 5) {
          const url = normalizeUrl(str(value.theUrl) ?? '');
          if (!url)
            throw skip(
              'invalid_field',
              `theUrl ${JSON.stringify(value.theUrl ?? null)} is not an http(s) link`,
            );
          row.type = POST_TYPES.url;
          row.url = url.href;
          const preview = await this.optionalImage(
            'the-posts',
            key,
            'Image',
            value.Image,
            `link-previews/${urlHash(url).slice(0, 2)}`,
            written,
            { maxWidth: 640 },
          );
          row.urlImageKey = preview?.key ?? null;
        }
        await this.write(written, async (tx) => {
          await tx.insert(posts).values(row);
          if (images.length) await tx.insert(postImages).values(images);
          await this.remember(tx, 'the-posts', key, id);
        });
      });
      this.recordsOf('the-posts').set(key, id);
      this.posts.set(key, { id, userId, communityId, authorKey });
      return 'imported';
    });
  }

  /** user-posts/{uid}/{postId}: the first build's index of a user's posts; here a query. Checked. */
  private async confirmUserPosts(): Promise<void> {
    const rows = children(this.data['user-posts']).flatMap(([uid, list]) =>
      children(list).map(
        ([postKey, v]) => [`${uid}/${postKey}`, { uid, postKey, v }] as [string, unknown],
      ),
    );
    const confirmed: Array<[string, string]> = [];
    await this.eachRow('user-posts', rows, async (key, value) => {
      const { uid, postKey, v } = value as { uid: string; postKey: string; v: unknown };
      if (!isSet(v)) throw skip('invalid_field', 'not set (null, 0 or false)');
      const post = this.posts.get(postKey);
      if (!post) throw skip('dangling_reference', `the-posts/${postKey} was not imported`);
      if (post.authorKey !== uid)
        throw skip(
          'invalid_field',
          `the-posts/${postKey} is by ${post.authorKey ?? 'someone else'}, not ${uid}`,
        );
      confirmed.push([key, post.id]);
      return 'imported';
    });
    await this.rememberMany('user-posts', confirmed);
  }

  private async rememberMany(collection: Collection, rows: Array<[string, string]>): Promise<void> {
    for (const part of chunked(rows, RELATION_CHUNK)) {
      await this.db
        .insert(importRecords)
        .values(part.map(([externalId, localId]) => ({ collection, externalId, localId })));
      for (const [k, v] of part) this.recordsOf(collection).set(k, v);
    }
  }

  // ---------------------------------------------------------------- comments

  private async importComments(collection: 'comments' | 'media-comments'): Promise<void> {
    const entries = new Map<string, { parentKey: string; raw: unknown }>();
    for (const [parentKey, list] of children(this.data[collection]))
      for (const [commentKey, raw] of children(list)) entries.set(commentKey, { parentKey, raw });
    // Parents before their replies: a reply waits for the comment it answers.
    const ordered: Array<[string, unknown]> = [];
    const placed = new Set<string>();
    const place = (key: string, depth = 0) => {
      if (placed.has(key) || depth > 1000) return;
      const e = entries.get(key)!;
      const parent = isObject(e.raw) ? str(e.raw.ReplyingID) : null;
      placed.add(key);
      if (parent && entries.has(parent) && !placed.has(parent)) place(parent, depth + 1);
      ordered.push([key, e]);
    };
    for (const key of entries.keys()) place(key);

    await this.eachRow(collection, ordered, async (key, value) => {
      const { parentKey, raw } = value as { parentKey: string; raw: unknown };
      if (!isObject(raw)) throw skip('not_an_object', 'a comment is an object of fields');
      let postId: string | null = null;
      let mediaId: string | null = null;
      if (collection === 'comments') {
        const post = this.posts.get(parentKey);
        if (!post) throw skip('dangling_reference', `the-posts/${parentKey} was not imported`);
        postId = post.id;
      } else {
        mediaId = this.localOf('the-media-posts', parentKey) ?? null;
        if (!mediaId)
          throw skip('dangling_reference', `the-media-posts/${parentKey} was not imported`);
      }
      const text = typeof raw.Comment === 'string' ? raw.Comment.trim() : '';
      if (!text) throw skip('missing_field', 'no Comment text');
      if (text.length > LIMITS.commentMax)
        throw skip(
          'invalid_field',
          `Comment is ${text.length} characters (at most ${LIMITS.commentMax})`,
        );
      const createdAt = date(raw.Date) ?? new Date();
      let userId = this.userOf(raw.User);
      let deletedAt: Date | null = null;
      if (text === DELETED_COMMENT_TEXT) {
        // Spec §4: a deleted comment stays as a tombstone of the fixed system user.
        userId = SYSTEM_USER_ID;
        deletedAt = createdAt;
      }
      if (!userId)
        throw skip('missing_author', `users/${str(raw.User) ?? '(none)'} was not imported`);
      const parentRef = str(raw.ReplyingID);
      let replyToId: string | null = null;
      let replyingUserId: string | null = null;
      if (parentRef && (flag(raw.Reply) || raw.Reply === undefined)) {
        const parent = this.comments.get(parentRef);
        if (!parent)
          throw skip(
            'dangling_reference',
            `the comment it answers (${parentRef}) was not imported`,
          );
        if (parent.postId !== postId || parent.mediaId !== mediaId)
          throw skip('invalid_field', `it answers ${parentRef}, a comment on something else`);
        replyToId = parent.id;
        replyingUserId = this.userOf(raw.ReplyingUser) ?? parent.userId;
      }
      const id = newId();
      await this.write([], async (tx) => {
        await tx.insert(comments).values({
          id,
          postId,
          mediaId,
          userId: userId!,
          replyToId,
          replyingUserId,
          body: text,
          deletedAt,
          createdAt,
        });
        await this.remember(tx, collection, key, id);
      });
      this.recordsOf(collection).set(key, id);
      this.comments.set(key, { id, userId, postId, mediaId, body: text });
      return 'imported';
    });
  }

  // ---------------------------------------------------------------- relations

  /**
   * Inserts relation rows (likes, follows, members) in chunks with their import records: a
   * row another collection already made (`user-followers` repeating `user-following`) counts
   * as already there.
   */
  private async insertRelations(
    collection: Collection,
    rows: Array<[string, unknown]>,
    resolve: (
      key: string,
      value: unknown,
    ) => { localId: string; insert: (tx: Tx) => Promise<boolean> },
  ): Promise<void> {
    const counts = countsOf(this.report, collection);
    const pending: Array<{ key: string; localId: string; insert: (tx: Tx) => Promise<boolean> }> =
      [];
    const seenLocal = new Set<string>();
    for (const [key, value] of rows) {
      counts.read++;
      if (this.localOf(collection, key) !== undefined) {
        counts.alreadyThere++;
        continue;
      }
      try {
        const r = resolve(key, value);
        if (seenLocal.has(r.localId)) {
          counts.alreadyThere++;
          continue;
        }
        seenLocal.add(r.localId);
        pending.push({ key, ...r });
      } catch (err) {
        if (!(err instanceof Skip)) throw err;
        this.skipped(collection, key, err.reason, err.detail);
      }
    }
    for (const part of chunked(pending, RELATION_CHUNK)) {
      const outcomes = await runInTransaction(this.db, async (tx) => {
        const out: boolean[] = [];
        for (const p of part) out.push(await p.insert(tx));
        await tx
          .insert(importRecords)
          .values(part.map((p) => ({ collection, externalId: p.key, localId: p.localId })));
        return out;
      });
      outcomes.forEach((inserted) => (inserted ? counts.imported++ : counts.alreadyThere++));
      for (const p of part) this.recordsOf(collection).set(p.key, p.localId);
    }
  }

  private async importFollows(): Promise<void> {
    const follow = (followerId: string, followeeId: string) => ({
      localId: `${followerId}:${followeeId}`,
      insert: async (tx: Tx) =>
        (
          await tx
            .insert(userFollows)
            .values({ followerId, followeeId })
            .onConflictDoNothing()
            .returning({ id: userFollows.followerId })
        ).length === 1,
    });
    const member = (communityId: string, userId: string) => ({
      localId: `${userId}:${communityId}`,
      insert: async (tx: Tx) =>
        (
          await tx
            .insert(communityMembers)
            .values({ communityId, userId })
            .onConflictDoNothing()
            .returning({ id: communityMembers.userId })
        ).length === 1,
    });
    // user-following/{uid}: users and communities (spec §7 writes {community: 1} there).
    await this.insertRelations('user-following', pairs(this.data['user-following']), (key, v) => {
      const [uid, target] = splitPair(key);
      if (!isSet(v)) throw skip('invalid_field', 'not set (null, 0 or false)');
      const follower = this.userOf(uid);
      if (!follower) throw skip('dangling_reference', `users/${uid} was not imported`);
      const followee = this.userOf(target);
      if (followee) {
        if (followee === follower) throw skip('self_reference', 'a user following themself');
        return follow(follower, followee);
      }
      const community = this.communityOf(target);
      if (community) return member(community, follower);
      throw skip('dangling_reference', `${target} is no imported user or community`);
    });
    // user-followers/{uid}/{follower}: the same follows seen from the other side.
    await this.insertRelations('user-followers', pairs(this.data['user-followers']), (key, v) => {
      const [uid, followerKey] = splitPair(key);
      if (!isSet(v)) throw skip('invalid_field', 'not set (null, 0 or false)');
      const followee = this.userOf(uid);
      if (!followee) throw skip('dangling_reference', `users/${uid} was not imported`);
      const follower = this.userOf(followerKey);
      if (!follower) throw skip('dangling_reference', `users/${followerKey} was not imported`);
      if (followee === follower) throw skip('self_reference', 'a user following themself');
      return follow(follower, followee);
    });
    this.memberRelation = member;
  }

  private memberRelation?: (
    communityId: string,
    userId: string,
  ) => {
    localId: string;
    insert: (tx: Tx) => Promise<boolean>;
  };

  private async importMembers(): Promise<void> {
    const member = this.memberRelation!;
    // anime-followers/{community}/{uid} (by CommunityID or by name).
    await this.insertRelations('anime-followers', pairs(this.data['anime-followers']), (key, v) => {
      const [communityKey, uid] = splitPair(key);
      if (!isSet(v)) throw skip('invalid_field', 'not set (null, 0 or false)');
      const community = this.communityOf(communityKey);
      if (!community)
        throw skip('dangling_reference', `community ${communityKey} was not imported`);
      const user = this.userOf(uid);
      if (!user) throw skip('dangling_reference', `users/${uid} was not imported`);
      return member(community, user);
    });
  }

  private async importLikes(
    collection: 'post-like' | 'comment-like' | 'media-comment-like' | 'media-like' | 'shop-like',
  ): Promise<void> {
    await this.insertRelations(collection, pairs(this.data[collection]), (key, v) => {
      const [targetKey, uid] = splitPair(key);
      if (!isSet(v)) throw skip('invalid_field', 'not set (null, 0 or false)');
      const userId = this.userOf(uid);
      if (!userId) throw skip('dangling_reference', `users/${uid} was not imported`);
      const insertLike =
        (
          table: typeof postLikes | typeof commentLikes | typeof mediaLikes | typeof shopLikes,
          values: Record<string, string>,
        ) =>
        async (tx: Tx) =>
          (
            await tx
              .insert(table)
              .values(values as never)
              .onConflictDoNothing()
              .returning({ userId: table.userId })
          ).length === 1;
      switch (collection) {
        case 'post-like': {
          const post = this.posts.get(targetKey);
          if (!post) throw skip('dangling_reference', `the-posts/${targetKey} was not imported`);
          return {
            localId: `${userId}:${post.id}`,
            insert: insertLike(postLikes, { userId, postId: post.id }),
          };
        }
        case 'comment-like':
        case 'media-comment-like': {
          const comment = this.comments.get(targetKey);
          if (!comment) throw skip('dangling_reference', `comment ${targetKey} was not imported`);
          // Spec §6: nobody likes their own comment.
          if (comment.userId === userId)
            throw skip('self_reference', 'a like of one’s own comment');
          return {
            localId: `${userId}:${comment.id}`,
            insert: insertLike(commentLikes, { userId, commentId: comment.id }),
          };
        }
        case 'media-like': {
          const mediaId = this.localOf('the-media-posts', targetKey);
          if (!mediaId)
            throw skip('dangling_reference', `the-media-posts/${targetKey} was not imported`);
          return {
            localId: `${userId}:${mediaId}`,
            insert: insertLike(mediaLikes, { userId, mediaId }),
          };
        }
        case 'shop-like': {
          const itemId = this.localOf('the-shop-posts', targetKey);
          if (!itemId)
            throw skip('dangling_reference', `the-shop-posts/${targetKey} was not imported`);
          return {
            localId: `${userId}:${itemId}`,
            insert: insertLike(shopLikes, { userId, itemId }),
          };
        }
      }
    });
  }

  // ---------------------------------------------------------------- shop

  private async importShopItems(): Promise<void> {
    await this.eachRow(
      'the-shop-posts',
      children(this.data['the-shop-posts']),
      async (key, value) => {
        if (!isObject(value)) throw skip('not_an_object', 'a shop item is an object of fields');
        const name = str(value.Name);
        if (!name) throw skip('missing_field', 'no Name');
        const sellerId = this.userOf(value.User);
        if (!sellerId)
          throw skip(
            'missing_author',
            `seller users/${str(value.User) ?? '(none)'} was not imported`,
          );
        const price = cents(value.Price);
        if (price === null || price < 0)
          throw skip(
            'invalid_field',
            `Price ${JSON.stringify(value.Price ?? null)} is not an amount`,
          );
        const shipping =
          value.Shipping === undefined || value.Shipping === null ? 0 : cents(value.Shipping);
        if (shipping === null || shipping < 0)
          throw skip(
            'invalid_field',
            `Shipping ${JSON.stringify(value.Shipping)} is not an amount`,
          );
        const quantity = value.Quantity === undefined ? 1 : num(value.Quantity);
        if (quantity === null || quantity < 0 || !Number.isInteger(quantity))
          throw skip(
            'invalid_field',
            `Quantity ${JSON.stringify(value.Quantity)} is not a whole number`,
          );
        const id = newId();
        await this.withFiles(async (written) => {
          const image = await this.optionalImage(
            'the-shop-posts',
            key,
            'Image',
            value.Image,
            `shop/${id}`,
            written,
            { maxWidth: 640 },
          );
          await this.write(written, async (tx) => {
            await tx.insert(shopItems).values({
              id,
              sellerId,
              name: name.slice(0, 200),
              about: str(value.About) ?? '',
              condition: str(value.Condition) ?? '',
              priceCents: price,
              shippingCents: shipping,
              quantity,
              imageKey: image?.key ?? null,
              createdAt: date(value.Date) ?? new Date(),
            });
            await this.remember(tx, 'the-shop-posts', key, id);
          });
        });
        this.recordsOf('the-shop-posts').set(key, id);
        return 'imported';
      },
    );
  }

  // ---------------------------------------------------------------- reports

  private async importReports(): Promise<void> {
    const postsById = new Map([...this.posts.values()].map((p) => [p.id, p]));
    await this.eachRow(
      'reported-comments',
      children(this.data['reported-comments']),
      async (key, value) => {
        if (!isObject(value)) throw skip('not_an_object', 'a report is an object of fields');
        if (!flag(value.Reported)) throw skip('invalid_field', 'Reported is not true');
        const comment = this.comments.get(key);
        if (!comment) throw skip('dangling_reference', `comment ${key} was not imported`);
        const reporterId = this.userOf(value.Reporter);
        if (!reporterId)
          throw skip(
            'dangling_reference',
            `reporter users/${str(value.Reporter) ?? '(none)'} was not imported`,
          );
        const post = comment.postId ? postsById.get(comment.postId) : undefined;
        const inserted = await this.write([], async (tx) => {
          const rows = await tx
            .insert(reports)
            .values({
              id: newId(),
              targetType: 'comment',
              targetId: comment.id,
              reporterId,
              authorId: comment.userId === SYSTEM_USER_ID ? null : comment.userId,
              snapshot: str(value.Comment) ?? comment.body,
              reason: 'other',
              details: 'Reported in the first build.',
              communityId: post?.communityId ?? this.communityOf(value.Sub) ?? null,
              postId: comment.postId,
              mediaId: comment.mediaId,
              createdAt: date(value.Date) ?? new Date(),
            })
            .onConflictDoNothing()
            .returning({ id: reports.id });
          const [existing] = rows.length
            ? rows
            : await tx
                .select({ id: reports.id })
                .from(reports)
                .where(
                  and(
                    eq(reports.targetType, 'comment'),
                    eq(reports.targetId, comment.id),
                    eq(reports.reporterId, reporterId),
                  ),
                );
          await this.remember(tx, 'reported-comments', key, existing!.id);
          return { fresh: rows.length === 1, id: existing!.id };
        });
        this.recordsOf('reported-comments').set(key, inserted.id);
        return inserted.fresh ? 'imported' : 'already';
      },
    );
  }
}

/** `a/b` keys of a two-level collection (`post-like/{post}/{user}`) with their values. */
function pairs(node: unknown): Array<[string, unknown]> {
  return children(node).flatMap(([a, inner]) =>
    children(inner).map(([b, v]) => [`${a}/${b}`, v] as [string, unknown]),
  );
}

function splitPair(key: string): [string, string] {
  const i = key.indexOf('/');
  return [key.slice(0, i), key.slice(i + 1)];
}

function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
