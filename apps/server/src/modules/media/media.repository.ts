/**
 * Queries of the media catalog: the alphabetical list and search, one entry with its counts,
 * media pages (episodes, volumes with issues, issues), what a viewer plays or reads next, and
 * likes. Every function takes a `Db`, which may be a transaction; the service decides the
 * transactions.
 *
 * List order: `lower(title) COLLATE "C", id`, byte order of the lower-cased title, so PGlite and
 * PostgreSQL (whatever the database's collation) list in the same order and a keyset cursor means
 * the same on both (as communities).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { media, mediaLikes } from '../../db/schema';
import type {
  EpisodeRow,
  IssueRow,
  MediaDetailRow,
  MediaSummaryRow,
  PageRow,
  VolumeRow,
} from './media.mapper';

/**
 * `text` with the LIKE metacharacters `\`, `%` and `_` escaped (backslash is ILIKE's default
 * escape), so that each matches itself.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern of a substring search: `%<escaped>%`. */
export function substringPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export interface ListMediaOptions {
  /** An ILIKE pattern over title and keywords (see substringPattern); undefined lists all. */
  pattern?: string;
  /** Rows strictly after this (title as stored, id) in list order. */
  after?: { title: string; id: string };
  limit: number;
}

/** The list order's key; `media_title_lower_idx` returns rows in this order. */
const sortKey = sql`lower(m.title) collate "C"`;
/**
 * The same order written so no index provides it, for searches: matches cluster in the alphabet,
 * and walking the title index from A while filtering row by row costs a pass over the whole
 * table when they sit late (see communities.repository). Sorting the matches the trigram index
 * found costs one pass over the matches instead.
 */
const filteredSortKey = sql`(lower(m.title) || '') collate "C"`;

/** Unit counts of media row `m`, one index probe each. */
const unitCounts = sql`
  (select count(*) from media_episodes e where e.media_id = m.id)::int as "episodeCount",
  (select count(*) from media_volumes v where v.media_id = m.id)::int as "volumeCount",
  (select count(*) from media_issues i where i.media_id = m.id)::int as "issueCount"`;

const MediaSummaryRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['video', 'manga', 'sequence']),
  title: z.string(),
  author: z.string(),
  imageKey: z.string().nullable(),
  nsfw: z.boolean(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
  episodeCount: z.number().int(),
  volumeCount: z.number().int(),
  issueCount: z.number().int(),
});

/**
 * The SQL of one page of the alphabetical list (exported so a test can EXPLAIN exactly what the
 * endpoint runs). The substring filter is `search_text ILIKE pattern` (title and keywords, one
 * per line), which the pg_trgm GIN index `media_search_trgm_idx` serves for 3+ characters.
 */
export function listMediaSql(opts: ListMediaOptions): SQL {
  const key = opts.pattern === undefined ? sortKey : filteredSortKey;
  const conditions: SQL[] = [];
  if (opts.pattern !== undefined) conditions.push(sql`m.search_text ilike ${opts.pattern}`);
  if (opts.after) {
    conditions.push(
      sql`(${key}, m.id) > (lower(${opts.after.title}::text) collate "C", ${opts.after.id}::uuid)`,
    );
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select m.id, m.kind, m.title, m.author, m.image_key as "imageKey", m.nsfw,
      m.like_count as "likeCount", m.view_count as "viewCount", m.comment_count as "commentCount",
      ${unitCounts}
    from media m
    ${where}
    order by ${key}, m.id
    limit ${opts.limit}`;
}

/** One page of the alphabetical list (see listMediaSql): one query, counts included. */
export function listMedia(db: Db, opts: ListMediaOptions): Promise<MediaSummaryRow[]> {
  return queryParsed(db, MediaSummaryRowSchema, listMediaSql(opts));
}

const MediaDetailRowSchema = MediaSummaryRowSchema.extend({
  about: z.string(),
  bannerKey: z.string().nullable(),
  language: z.string().nullable(),
  keywords: z.array(z.string()),
  readingDirection: z.enum(['ltr', 'rtl']),
  searchText: z.string(),
  createdAt: z.coerce.date(),
  communityId: z.string().nullable(),
  communityName: z.string().nullable(),
  likedByMe: z.boolean(),
});

/** One entry with its unit counts and whether the viewer likes it. */
export async function findMediaDetail(
  db: Db,
  mediaId: string,
  viewerId: string,
): Promise<MediaDetailRow | undefined> {
  const [row] = await queryParsed(
    db,
    MediaDetailRowSchema,
    sql`select m.id, m.kind, m.title, m.author, m.image_key as "imageKey", m.nsfw,
        m.like_count as "likeCount", m.view_count as "viewCount", m.comment_count as "commentCount",
        m.about, m.banner_key as "bannerKey", m.language, to_json(m.keywords) as keywords,
        m.reading_direction as "readingDirection", m.search_text as "searchText",
        m.created_at as "createdAt", m.community_id as "communityId",
        (select c.name from communities c where c.id = m.community_id) as "communityName",
        exists (select 1 from media_likes l where l.user_id = ${viewerId}::uuid and l.media_id = m.id) as "likedByMe",
        ${unitCounts}
      from media m where m.id = ${mediaId}::uuid`,
  );
  return row;
}

/** Kind and unit counts of an entry (what a media page needs to know first). */
export async function findMediaHead(
  db: Db,
  mediaId: string,
): Promise<
  Pick<MediaSummaryRow, 'id' | 'kind' | 'episodeCount' | 'volumeCount' | 'issueCount'> | undefined
> {
  const [row] = await queryParsed(
    db,
    MediaSummaryRowSchema.pick({
      id: true,
      kind: true,
      episodeCount: true,
      volumeCount: true,
      issueCount: true,
    }),
    sql`select m.id, m.kind, ${unitCounts} from media m where m.id = ${mediaId}::uuid`,
  );
  return row;
}

// ---- media pages ------------------------------------------------------------------------------

const EpisodeRawSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.number().int(),
  title: z.string(),
  videoKey: z.string().nullable(),
  thumbnailKey: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.coerce.date(),
  positionSeconds: z.number().nullable(),
  watched: z.boolean().nullable(),
  progressAt: z.coerce.date().nullable(),
});

function episodeSelect(viewerId: string): SQL {
  return sql`select e.id, e.media_id as "mediaId", e.number, e.title, e.video_key as "videoKey",
      e.thumbnail_key as "thumbnailKey", e.duration_seconds as "durationSeconds",
      e.created_at as "createdAt", p.position_seconds as "positionSeconds", p.watched,
      p.updated_at as "progressAt"
    from media_episodes e
    left join media_watch_progress p on p.episode_id = e.id and p.user_id = ${viewerId}::uuid`;
}

async function readEpisodes(db: Db, query: SQL): Promise<EpisodeRow[]> {
  const rows = await queryParsed(db, EpisodeRawSchema, query);
  return rows.map(({ positionSeconds, watched, progressAt, ...e }) => ({
    ...e,
    progress:
      progressAt && positionSeconds !== null && watched !== null
        ? { positionSeconds, watched, updatedAt: progressAt }
        : null,
  }));
}

/** Episodes of an entry by number, `offset`/`limit`, with the viewer's progress. */
export function listEpisodes(
  db: Db,
  mediaId: string,
  viewerId: string,
  page: { offset: number; limit: number },
): Promise<EpisodeRow[]> {
  return readEpisodes(
    db,
    sql`${episodeSelect(viewerId)} where e.media_id = ${mediaId}::uuid
      order by e.number, e.id offset ${page.offset} limit ${page.limit}`,
  );
}

/** One episode with the viewer's progress. */
export async function findEpisode(
  db: Db,
  episodeId: string,
  viewerId: string,
): Promise<EpisodeRow | undefined> {
  const [row] = await readEpisodes(
    db,
    sql`${episodeSelect(viewerId)} where e.id = ${episodeId}::uuid`,
  );
  return row;
}

const IssueRawSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  volumeId: z.string().nullable(),
  number: z.number().int(),
  title: z.string(),
  pageCount: z.number().int(),
  thumbnailKey: z.string().nullable(),
  progressPage: z.number().int().nullable(),
  progressFinished: z.boolean().nullable(),
  progressAt: z.coerce.date().nullable(),
});

function issueSelect(viewerId: string): SQL {
  return sql`select i.id, i.media_id as "mediaId", i.volume_id as "volumeId", i.number, i.title,
      (select count(*) from media_pages pg where pg.issue_id = i.id)::int as "pageCount",
      (select pg.image_key from media_pages pg where pg.issue_id = i.id
        order by pg.page_number limit 1) as "thumbnailKey",
      r.page as "progressPage", r.finished as "progressFinished", r.updated_at as "progressAt"
    from media_issues i
    left join media_read_progress r on r.issue_id = i.id and r.user_id = ${viewerId}::uuid`;
}

async function readIssues(db: Db, query: SQL): Promise<IssueRow[]> {
  const rows = await queryParsed(db, IssueRawSchema, query);
  return rows.map(({ progressPage, progressFinished, progressAt, ...i }) => ({
    ...i,
    progress:
      progressAt && progressPage !== null && progressFinished !== null
        ? { page: progressPage, finished: progressFinished, updatedAt: progressAt }
        : null,
  }));
}

/** The issues of a sequence (no volume) by number, `offset`/`limit`, with the viewer's progress. */
export function listSequenceIssues(
  db: Db,
  mediaId: string,
  viewerId: string,
  page: { offset: number; limit: number },
): Promise<IssueRow[]> {
  return readIssues(
    db,
    sql`${issueSelect(viewerId)} where i.media_id = ${mediaId}::uuid and i.volume_id is null
      order by i.number, i.id offset ${page.offset} limit ${page.limit}`,
  );
}

/** Every issue of these volumes, by volume then number, with the viewer's progress. */
export async function listVolumeIssues(
  db: Db,
  mediaId: string,
  volumeIds: string[],
  viewerId: string,
): Promise<Map<string, IssueRow[]>> {
  const byVolume = new Map<string, IssueRow[]>(volumeIds.map((id) => [id, []]));
  if (!volumeIds.length) return byVolume;
  const rows = await readIssues(
    db,
    sql`${issueSelect(viewerId)} where i.media_id = ${mediaId}::uuid
      and i.volume_id in (${sql.join(
        volumeIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by i.volume_id, i.number, i.id`,
  );
  for (const row of rows) byVolume.get(row.volumeId!)?.push(row);
  return byVolume;
}

/** One issue with its page count, first page and the viewer's progress. */
export async function findIssue(
  db: Db,
  issueId: string,
  viewerId: string,
): Promise<IssueRow | undefined> {
  const [row] = await readIssues(db, sql`${issueSelect(viewerId)} where i.id = ${issueId}::uuid`);
  return row;
}

const VolumeRawSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.number().int(),
  title: z.string(),
  coverKey: z.string().nullable(),
});

const volumeSelect = sql`select v.id, v.media_id as "mediaId", v.number, v.title,
    v.cover_key as "coverKey" from media_volumes v`;

/** The volumes of a manga by number, `offset`/`limit`. */
export function listVolumes(
  db: Db,
  mediaId: string,
  page: { offset: number; limit: number },
): Promise<VolumeRow[]> {
  return queryParsed(
    db,
    VolumeRawSchema,
    sql`${volumeSelect} where v.media_id = ${mediaId}::uuid
      order by v.number, v.id offset ${page.offset} limit ${page.limit}`,
  );
}

export async function findVolume(db: Db, volumeId: string): Promise<VolumeRow | undefined> {
  const [row] = await queryParsed(
    db,
    VolumeRawSchema,
    sql`${volumeSelect} where v.id = ${volumeId}::uuid`,
  );
  return row;
}

const PageRawSchema = z.object({
  id: z.string(),
  pageNumber: z.number().int(),
  imageKey: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** The pages of an issue in order. */
export function listPages(db: Db, issueId: string): Promise<PageRow[]> {
  return queryParsed(
    db,
    PageRawSchema,
    sql`select p.id, p.page_number as "pageNumber", p.image_key as "imageKey", p.width, p.height
      from media_pages p where p.issue_id = ${issueId}::uuid order by p.page_number, p.id`,
  );
}

// ---- next up ----------------------------------------------------------------------------------

const NextEpisodeSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().nullable(),
  positionSeconds: z.number(),
  started: z.boolean(),
});
export type NextEpisodeRow = z.output<typeof NextEpisodeSchema>;

/**
 * The episode a viewer plays next (docs/media.md): the unwatched episode they were in most
 * recently, at its position; else the first episode after the highest-numbered one they watched;
 * else the first episode (also when every episode is watched). `started`: the viewer has any
 * progress in the series. Undefined when the entry has no episodes.
 */
export async function findNextEpisode(
  db: Db,
  mediaId: string,
  viewerId: string,
): Promise<NextEpisodeRow | undefined> {
  const m = sql`${mediaId}::uuid`;
  const [row] = await queryParsed(
    db,
    NextEpisodeSchema,
    sql`with p as (
        select p.episode_id, p.position_seconds, p.watched, p.updated_at, e.number
        from media_watch_progress p join media_episodes e on e.id = p.episode_id
        where p.user_id = ${viewerId}::uuid and p.media_id = ${m} and e.media_id = ${m}
      ),
      watched as (select max(number) as n from p where watched),
      pick as (
        (select p.episode_id as id, 1 as rank, p.position_seconds as pos
          from p where not p.watched order by p.updated_at desc, p.number limit 1)
        union all
        (select e.id, 2, 0 from media_episodes e, watched w
          where e.media_id = ${m} and e.number > w.n order by e.number, e.id limit 1)
        union all
        (select e.id, 3, 0 from media_episodes e where e.media_id = ${m} order by e.number, e.id limit 1)
      )
      select e.id, e.number, e.title, e.duration_seconds as "durationSeconds",
        pick.pos::float8 as "positionSeconds", exists (select 1 from p) as started
      from pick join media_episodes e on e.id = pick.id
      order by pick.rank limit 1`,
  );
  return row;
}

const NextIssueSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  page: z.number().int(),
  pageCount: z.number().int(),
  started: z.boolean(),
});
export type NextIssueRow = z.output<typeof NextIssueSchema>;

/**
 * The issue a viewer reads next: the unfinished issue they were in most recently, at its page;
 * else the first unfinished issue in reading order (volume number, then issue number); else the
 * first issue (everything read). `started`: the viewer has any progress in the series.
 * Undefined when the entry has no issues.
 */
export async function findNextIssue(
  db: Db,
  mediaId: string,
  viewerId: string,
): Promise<NextIssueRow | undefined> {
  const m = sql`${mediaId}::uuid`;
  const [row] = await queryParsed(
    db,
    NextIssueSchema,
    sql`with p as (
        select r.issue_id, r.page, r.finished, r.updated_at
        from media_read_progress r join media_issues i on i.id = r.issue_id
        where r.user_id = ${viewerId}::uuid and r.media_id = ${m} and i.media_id = ${m}
      ),
      ordered as (
        select i.id, row_number() over (order by v.number nulls first, i.number, i.id) as ord
        from media_issues i left join media_volumes v on v.id = i.volume_id
        where i.media_id = ${m}
      ),
      pick as (
        (select p.issue_id as id, 1 as rank, p.page, o.ord
          from p join ordered o on o.id = p.issue_id
          where not p.finished order by p.updated_at desc, o.ord limit 1)
        union all
        (select o.id, 2, 1, o.ord from ordered o
          where not exists (select 1 from p where p.issue_id = o.id and p.finished)
          order by o.ord limit 1)
        union all
        (select o.id, 3, 1, o.ord from ordered o order by o.ord limit 1)
      ),
      chosen as (select id, page from pick order by rank limit 1)
      select i.id, i.number, i.title, c.page,
        (select count(*) from media_pages pg where pg.issue_id = i.id)::int as "pageCount",
        exists (select 1 from p) as started
      from chosen c join media_issues i on i.id = c.id`,
  );
  return row;
}

// ---- likes ------------------------------------------------------------------------------------

/** Inserts the like row; true only when it was really inserted. */
export async function insertLike(db: Db, userId: string, mediaId: string): Promise<boolean> {
  const rows = await db
    .insert(mediaLikes)
    .values({ userId, mediaId })
    .onConflictDoNothing()
    .returning({ mediaId: mediaLikes.mediaId });
  return rows.length > 0;
}

/** Deletes the like row if it exists; true when it was deleted. */
export async function deleteLike(db: Db, userId: string, mediaId: string): Promise<boolean> {
  const rows = await db
    .delete(mediaLikes)
    .where(and(eq(mediaLikes.userId, userId), eq(mediaLikes.mediaId, mediaId)))
    .returning({ mediaId: mediaLikes.mediaId });
  return rows.length > 0;
}

/** Adds `delta` to like_count (or reads it, for 0); null when the entry does not exist. */
export async function moveLikeCount(
  db: Db,
  mediaId: string,
  delta: -1 | 0 | 1,
): Promise<number | null> {
  const rows =
    delta === 0
      ? await db.select({ likeCount: media.likeCount }).from(media).where(eq(media.id, mediaId))
      : await db
          .update(media)
          .set({ likeCount: sql`${media.likeCount} + ${delta}` })
          .where(eq(media.id, mediaId))
          .returning({ likeCount: media.likeCount });
  return rows[0]?.likeCount ?? null;
}

export async function mediaExists(db: Db, mediaId: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
  return !!row;
}
