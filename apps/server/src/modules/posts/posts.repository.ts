/**
 * Queries of posts, their images, likes and uploads. Every function takes a `Db`,
 * which may be a transaction. Reads that leave the server go through `POST_SELECT`,
 * so a single post and every list page carry the same columns (mapped by posts.mapper).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SPOILER_UNITS } from '@otakura/shared';
import { queryParsed, type Db } from '../../db/client';
import { communities, postImages, postLikes, posts, uploads, users } from '../../db/schema';
import { spoilerCoveredSql, unlessCoveredSql, viewerMarkSql } from '../../db/spoiler-shield';
import { imageFileKeys } from '../../storage/image-files';

/**
 * One post with its author, community and the viewer's like, as `postSelect` returns it: the
 * typed reader of that raw SQL, parsed once per row (`queryParsed`), so the SQL's column names
 * and this shape cannot drift apart silently.
 */
export const PostRowSchema = z.object({
  id: z.string(),
  type: z.number().int(),
  title: z.string(),
  /** Null while the spoiler shield covers the post for the viewer. */
  body: z.string().nullable(),
  nsfw: z.boolean(),
  spoiler: z.boolean(),
  url: z.string().nullable(),
  urlTitle: z.string().nullable(),
  urlImageKey: z.string().nullable(),
  urlSiteName: z.string().nullable(),
  videoKey: z.string().nullable(),
  thumbnailKey: z.string().nullable(),
  videoWidth: z.number().int().nullable(),
  videoHeight: z.number().int().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.coerce.date(),
  /** created_at in UTC with microseconds, for cursors (a JS Date has only milliseconds). */
  cursorAt: z.string(),
  communityId: z.string(),
  communityName: z.string(),
  communityImageKey: z.string().nullable(),
  communityThumbnailKey: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  authorUsername: z.string().nullable(),
  authorDisplayUsername: z.string().nullable(),
  authorProfileImageKey: z.string().nullable(),
  likedByMe: z.boolean(),
  /** The spoiler tag (all null when untagged), the tagged series' title and the viewer's mark. */
  spoilerMediaId: z.string().nullable(),
  spoilerUnit: z.enum(SPOILER_UNITS).nullable(),
  spoilerNumber: z.number().int().nullable(),
  spoilerMediaTitle: z.string().nullable(),
  spoilerViewerAt: z.number().int().nullable(),
  /** The shield covers the post for the viewer: the columns it hides came back null. */
  spoilerCovered: z.boolean(),
});
export type PostRow = z.output<typeof PostRowSchema>;

/**
 * `SELECT <post columns> FROM posts p JOIN users u JOIN communities c`; the caller adds
 * WHERE / ORDER BY / LIMIT (or joins a page of ids first). Columns are named as
 * `PostRowSchema` reads them. `likedByMe` is an EXISTS on the post_likes primary key
 * (user_id, post_id), in the same query.
 *
 * The spoiler shield is decided here, per row, for this viewer (db/spoiler-shield.ts): while a
 * post is covered its body, link preview and video come back null, so no spoiler text leaves the
 * server. `reveal` (POST /api/posts/:id/reveal) reads them anyway; `spoilerCovered` is then false.
 * The shield's lookups are scalar subqueries on media_progress's primary key, evaluated only for
 * tagged rows, so they change no page's plan.
 */
export function postSelect(viewerId: string, options: { reveal?: boolean } = {}): SQL {
  const hide = (column: SQL) => (options.reveal ? column : unlessCoveredSql('p', viewerId, column));
  const covered = options.reveal ? sql`false` : spoilerCoveredSql('p', viewerId);
  return sql`
    select p.id, p.type, p.title, ${hide(sql`p.body`)} as "body", p.nsfw, p.spoiler,
           ${hide(sql`p.url`)} as "url", ${hide(sql`p.url_title`)} as "urlTitle",
           ${hide(sql`p.url_image_key`)} as "urlImageKey",
           ${hide(sql`p.url_site_name`)} as "urlSiteName", ${hide(sql`p.video_key`)} as "videoKey",
           ${hide(sql`p.thumbnail_key`)} as "thumbnailKey", p.video_width as "videoWidth",
           p.video_height as "videoHeight", p.like_count as "likeCount",
           p.comment_count as "commentCount", p.created_at as "createdAt",
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
           c.id as "communityId", c.name as "communityName",
           c.image_key as "communityImageKey", c.thumbnail_key as "communityThumbnailKey",
           u.id as "authorId", u.name as "authorName", u.username as "authorUsername",
           u.display_username as "authorDisplayUsername",
           u.profile_image_key as "authorProfileImageKey",
           exists (select 1 from post_likes l where l.user_id = ${viewerId}::uuid and l.post_id = p.id) as "likedByMe",
           p.spoiler_media_id as "spoilerMediaId", p.spoiler_unit as "spoilerUnit",
           p.spoiler_number as "spoilerNumber",
           case when p.spoiler_media_id is not null
             then (select sm.title from media sm where sm.id = p.spoiler_media_id) end as "spoilerMediaTitle",
           case when p.spoiler_media_id is not null then ${viewerMarkSql('p', viewerId)} end as "spoilerViewerAt",
           coalesce(${covered}, false) as "spoilerCovered"
    from posts p
    join users u on u.id = p.user_id
    join communities c on c.id = p.community_id`;
}

/** Rows of a query built on `postSelect`, read through `PostRowSchema`. */
export function readPostRows(db: Db, query: SQL): Promise<PostRow[]> {
  return queryParsed(db, PostRowSchema, query);
}

/** A visible (not deleted) post as the viewer sees it (`reveal`: past the spoiler shield). */
export async function findPostRow(
  db: Db,
  postId: string,
  viewerId: string,
  options: { reveal?: boolean } = {},
): Promise<PostRow | undefined> {
  const [row] = await readPostRows(
    db,
    sql`${postSelect(viewerId, options)} where p.id = ${postId}::uuid and p.deleted_at is null`,
  );
  return row;
}

export type PostImageRow = typeof postImages.$inferSelect;

/** The images of these posts, in position order, by post id. */
export async function findImages(db: Db, postIds: string[]): Promise<Map<string, PostImageRow[]>> {
  const byPost = new Map<string, PostImageRow[]>();
  if (!postIds.length) return byPost;
  const rows = await db
    .select()
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position));
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(row);
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** Owner and state of a post, for access checks. */
export async function findPostHead(
  db: Db,
  postId: string,
): Promise<
  | { id: string; userId: string; communityId: string; title: string; deletedAt: Date | null }
  | undefined
> {
  const [row] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      communityId: posts.communityId,
      title: posts.title,
      deletedAt: posts.deletedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

export async function communityExists(db: Db, communityId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.id, communityId));
  return !!row;
}

export type UploadRow = typeof uploads.$inferSelect;

export async function findUploads(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (!ids.length) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

/**
 * Marks the caller's unused uploads as used by `postId`, all or nothing is the caller's
 * job: it compares the count. `post_id is null` in the WHERE makes a second claim of
 * the same upload (two posts at once) find nothing.
 */
export async function claimUploads(
  db: Db,
  userId: string,
  postId: string,
  ids: string[],
): Promise<number> {
  const rows = await db
    .update(uploads)
    .set({ postId })
    .where(and(inArray(uploads.id, ids), eq(uploads.userId, userId), isNull(uploads.postId)))
    .returning({ id: uploads.id });
  return rows.length;
}

/** Deletes the uploads a post used and answers their storage keys. */
export async function releasePostUploads(db: Db, postId: string): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(eq(uploads.postId, postId))
    .returning({ key: uploads.key, largeKey: uploads.largeKey, variants: uploads.variants });
  return rows.flatMap(imageFileKeys);
}

export type NewPost = typeof posts.$inferInsert;

export async function insertPost(db: Db, values: NewPost): Promise<string> {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  return row!.id;
}

export async function insertImages(
  db: Db,
  rows: (typeof postImages.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(postImages).values(rows);
}

/** Moves the post counters of an author and a community by `delta` (same transaction as the post row). */
export async function bumpPostCounts(
  db: Db,
  userId: string,
  communityId: string,
  delta: 1 | -1,
): Promise<void> {
  await db
    .update(users)
    .set({ postCount: sql`${users.postCount} + ${delta}` })
    .where(eq(users.id, userId));
  await db
    .update(communities)
    .set({ postCount: sql`${communities.postCount} + ${delta}` })
    .where(eq(communities.id, communityId));
}

/**
 * Soft-deletes a visible post and forgets its files (images rows, video keys).
 * Answers false when it was already deleted (a concurrent delete).
 */
export async function softDeletePost(db: Db, postId: string): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ deletedAt: sql`now()`, videoKey: null, thumbnailKey: null })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  if (!rows.length) return false;
  await db.delete(postImages).where(eq(postImages.postId, postId));
  return true;
}

/** Inserts the like row if it is new; true when it was inserted. */
export async function insertLike(db: Db, userId: string, postId: string): Promise<boolean> {
  const rows = await db
    .insert(postLikes)
    .values({ userId, postId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Deletes the like row if it exists; true when it was deleted. */
export async function deleteLike(db: Db, userId: string, postId: string): Promise<boolean> {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** Adds `delta` to like_count (or reads it, for 0); null when the post is missing or deleted. */
export async function moveLikeCount(
  db: Db,
  postId: string,
  delta: -1 | 0 | 1,
): Promise<number | null> {
  const rows =
    delta === 0
      ? await db
          .select({ likeCount: posts.likeCount, deletedAt: posts.deletedAt })
          .from(posts)
          .where(eq(posts.id, postId))
      : await db
          .update(posts)
          .set({ likeCount: sql`${posts.likeCount} + ${delta}` })
          .where(eq(posts.id, postId))
          .returning({ likeCount: posts.likeCount, deletedAt: posts.deletedAt });
  const row = rows[0];
  return row && !row.deletedAt ? row.likeCount : null;
}
