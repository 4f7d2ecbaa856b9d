/**
 * The queries of comments pinned to a moment (docs/moments.md): an episode's markers and its
 * comments in timeline order, an issue's counts per page and its comments in page order, a
 * volume's comments. Tombstones are left out (a deleted moment is no moment) and so are the
 * comments of users the viewer blocked, in the lists and in the counts alike.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { comments } from '../../db/schema';
import type { MomentReach } from '../../db/moment-shield';
import { selectViews, type CommentView } from './comments.repository';

/** The keyset position of a pinned comment: issue number (volumes), moment or page, time, id. */
export interface MomentCursor {
  unit: number;
  /** Seconds or page; null for a comment about the whole episode or issue (they come last). */
  position: number | null;
  at: string;
  id: string;
}

/** Not blocked by the viewer (SQL over the comment alias `c`). */
const notBlocked = (viewerId: string, alias = 'c') =>
  sql`not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${sql.raw(alias)}.user_id)`;

const visibleComment = (viewerId: string) => sql`c.deleted_at is null and ${notBlocked(viewerId)}`;

const EpisodeRowSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.coerce.number().int(),
  durationSeconds: z.coerce.number().nullable(),
});
export type PinEpisode = z.infer<typeof EpisodeRowSchema>;

/** An episode with its series, number and duration (validating a pin). */
export async function findEpisode(db: Db, episodeId: string): Promise<PinEpisode | undefined> {
  const [row] = await queryParsed(
    db,
    EpisodeRowSchema,
    sql`select id, media_id as "mediaId", number, duration_seconds as "durationSeconds"
          from media_episodes where id = ${episodeId}::uuid`,
  );
  return row;
}

const IssueRowSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.coerce.number().int(),
  pageCount: z.coerce.number().int(),
});
export type PinIssue = z.infer<typeof IssueRowSchema>;

/** An issue with its series, number and page count (validating a pin). */
export async function findIssue(db: Db, issueId: string): Promise<PinIssue | undefined> {
  const [row] = await queryParsed(
    db,
    IssueRowSchema,
    sql`select i.id, i.media_id as "mediaId", i.number,
               (select count(*) from media_pages pg where pg.issue_id = i.id)::int as "pageCount"
          from media_issues i where i.id = ${issueId}::uuid`,
  );
  return row;
}

const EpisodeMomentsRowSchema = z.object({
  episodeId: z.string(),
  mediaId: z.string(),
  episodeNumber: z.coerce.number().int(),
  commentCount: z.coerce.number().int(),
  markers: z.array(z.object({ atSeconds: z.number().int(), count: z.number().int() })),
});
export type EpisodeMomentsRow = z.infer<typeof EpisodeMomentsRowSchema>;

/** The episode's markers (comments per whole second) and its comment count, in one statement. */
export async function episodeMoments(
  db: Db,
  viewerId: string,
  episodeId: string,
): Promise<EpisodeMomentsRow | undefined> {
  const [row] = await queryParsed(
    db,
    EpisodeMomentsRowSchema,
    sql`select e.id as "episodeId", e.media_id as "mediaId", e.number as "episodeNumber",
               (select count(*) from comments c where c.episode_id = e.id and ${visibleComment(viewerId)})::int
                 as "commentCount",
               coalesce((select json_agg(json_build_object('atSeconds', m.s, 'count', m.n) order by m.s)
                  from (select floor(c.at_seconds)::int as s, count(*)::int as n from comments c
                         where c.episode_id = e.id and c.at_seconds is not null and ${visibleComment(viewerId)}
                         group by 1) m), '[]'::json) as markers
          from media_episodes e where e.id = ${episodeId}::uuid`,
  );
  return row;
}

const IssueMomentsRowSchema = z.object({
  issueId: z.string(),
  mediaId: z.string(),
  issueNumber: z.coerce.number().int(),
  volumeId: z.string().nullable(),
  volumeNumber: z.coerce.number().int().nullable(),
  volumeCommentCount: z.coerce.number().int().nullable(),
  lastIssue: z.boolean(),
  commentCount: z.coerce.number().int(),
  pages: z.array(z.object({ page: z.number().int(), count: z.number().int() })),
});
export type IssueMomentsRow = z.infer<typeof IssueMomentsRowSchema>;

/** The issue's counts per page, its comment count and its volume's, in one statement. */
export async function issueMoments(
  db: Db,
  viewerId: string,
  issueId: string,
): Promise<IssueMomentsRow | undefined> {
  const [row] = await queryParsed(
    db,
    IssueMomentsRowSchema,
    sql`select i.id as "issueId", i.media_id as "mediaId", i.number as "issueNumber",
               v.id as "volumeId", v.number as "volumeNumber",
               case when v.id is null then null else
                 (select count(*) from media_issues vi join comments c on c.issue_id = vi.id
                   where vi.volume_id = v.id and ${visibleComment(viewerId)})::int end as "volumeCommentCount",
               (v.id is not null and not exists (select 1 from media_issues li
                   where li.volume_id = v.id and li.number > i.number)) as "lastIssue",
               (select count(*) from comments c where c.issue_id = i.id and ${visibleComment(viewerId)})::int
                 as "commentCount",
               coalesce((select json_agg(json_build_object('page', m.p, 'count', m.n) order by m.p)
                  from (select c.page as p, count(*)::int as n from comments c
                         where c.issue_id = i.id and c.page is not null and ${visibleComment(viewerId)}
                         group by 1) m), '[]'::json) as pages
          from media_issues i left join media_volumes v on v.id = i.volume_id
         where i.id = ${issueId}::uuid`,
  );
  return row;
}

/** The volume's series and number (404 otherwise). */
export async function findVolume(
  db: Db,
  volumeId: string,
): Promise<{ id: string; mediaId: string } | undefined> {
  const [row] = await queryParsed(
    db,
    z.object({ id: z.string(), mediaId: z.string() }),
    sql`select id, media_id as "mediaId" from media_volumes where id = ${volumeId}::uuid`,
  );
  return row;
}

/** A far position for the comments without one, so they sort last in a keyset. */
const LAST = 2_147_483_647;

const listedComment = (viewerId: string): SQL =>
  and(
    isNull(comments.deletedAt),
    sql`not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = ${comments.userId})`,
  )!;

/**
 * One keyset page of an episode's comments in timeline order (moment, then oldest first; the
 * comments about the whole episode last). Up to `limit + 1` rows.
 */
export async function listEpisodeComments(
  db: Db,
  viewerId: string,
  episodeId: string,
  reach: MomentReach,
  cursor: MomentCursor | undefined,
  limit: number,
): Promise<CommentView[]> {
  const position = sql`coalesce(${comments.atSeconds}, ${LAST}::real)`;
  return selectViews(db, viewerId, { reach })
    .where(
      and(
        eq(comments.episodeId, episodeId),
        listedComment(viewerId),
        cursor
          ? sql`(${position}, ${comments.createdAt}, ${comments.id}) > (${cursor.position ?? LAST}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${comments.atSeconds} asc nulls last`, asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

/**
 * One keyset page of an issue's comments in page order (the comments about the whole issue
 * last), or of one page's (`page`). Up to `limit + 1` rows.
 */
export async function listIssueComments(
  db: Db,
  viewerId: string,
  issueId: string,
  page: number | undefined,
  reach: MomentReach,
  cursor: MomentCursor | undefined,
  limit: number,
): Promise<CommentView[]> {
  const position = sql`coalesce(${comments.page}, ${LAST}::int)`;
  return selectViews(db, viewerId, { reach })
    .where(
      and(
        eq(comments.issueId, issueId),
        page === undefined ? undefined : eq(comments.page, page),
        listedComment(viewerId),
        cursor
          ? sql`(${position}, ${comments.createdAt}, ${comments.id}) > (${cursor.position ?? LAST}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${comments.page} asc nulls last`, asc(comments.createdAt), asc(comments.id))
    .limit(limit + 1);
}

/** One keyset page of the comments about a volume's issues: issue, page, then oldest first. */
export async function listVolumeComments(
  db: Db,
  viewerId: string,
  volumeId: string,
  cursor: MomentCursor | undefined,
  limit: number,
): Promise<CommentView[]> {
  const issueNumber = sql`(select i.number from media_issues i where i.id = ${comments.issueId})`;
  const position = sql`coalesce(${comments.page}, ${LAST}::int)`;
  return selectViews(db, viewerId)
    .where(
      and(
        sql`${comments.issueId} in (select i.id from media_issues i where i.volume_id = ${volumeId}::uuid)`,
        listedComment(viewerId),
        cursor
          ? sql`(${issueNumber}, ${position}, ${comments.createdAt}, ${comments.id}) > (${cursor.unit}::int, ${cursor.position ?? LAST}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      sql`${issueNumber} asc`,
      sql`${comments.page} asc nulls last`,
      asc(comments.createdAt),
      asc(comments.id),
    )
    .limit(limit + 1);
}
