/**
 * The spoiler shield of comments pinned to a moment (issue 12, docs/moments.md), as SQL every
 * comment query uses next to `spoilerCoveredSql`: a comment about episode n (at t) is covered for
 * a viewer who has not watched episode n (neither its watched flag nor media_progress.episode ≥ n)
 * and whose saved position in it is before t; a comment about issue n (on page p) for a viewer
 * who has not finished it (neither its finished flag nor media_progress.chapter ≥ n) and whose
 * read page is before p. A comment about the whole episode / issue (no moment, no page) stays
 * covered until it is watched / finished. The author sees their own.
 *
 * `reach` is what the client says the viewer has on screen right now (the player's playback
 * time, the reader's page): moments up to it are shown. It only ever uncovers: it is the
 * viewer's own progress, as the saved position is.
 *
 * `alias` is the SQL alias (or table name) of `comments`. Constant text, never user input.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MEDIA_RULES } from '@otakura/shared';

export type MomentReach =
  { episodeId: string; seconds: number } | { issueId: string; page: number } | undefined;

/** Boolean: the viewer has not reached the comment's moment or page. */
export function momentCoveredSql(
  alias: string,
  viewerId: string | Placeholder,
  reach?: MomentReach,
): SQL {
  const a = sql.raw(alias);
  const episodeReach =
    reach && 'episodeId' in reach
      ? sql` or (e.id = ${reach.episodeId}::uuid and (${a}.at_seconds <= ${reach.seconds}::real
            or (${a}.at_seconds is null and ${reach.seconds}::real >= e.duration_seconds * ${MEDIA_RULES.watchedFraction}::real)))`
      : sql``;
  const issueReach =
    reach && 'issueId' in reach
      ? sql` or (i.id = ${reach.issueId}::uuid and (${a}.page <= ${reach.page}::int
            or (${a}.page is null and ${reach.page}::int >= (select count(*) from media_pages pg where pg.issue_id = i.id))))`
      : sql``;
  return sql`(${a}.user_id <> ${viewerId}::uuid and (
    (${a}.episode_id is not null and not exists (
      select 1 from media_episodes e
        left join media_progress mp on mp.user_id = ${viewerId}::uuid and mp.media_id = e.media_id
        left join media_watch_progress wp on wp.user_id = ${viewerId}::uuid and wp.episode_id = e.id
      where e.id = ${a}.episode_id
        and (mp.episode >= e.number or wp.watched or wp.position_seconds >= ${a}.at_seconds${episodeReach})))
    or (${a}.issue_id is not null and not exists (
      select 1 from media_issues i
        left join media_progress mp on mp.user_id = ${viewerId}::uuid and mp.media_id = i.media_id
        left join media_read_progress rp on rp.user_id = ${viewerId}::uuid and rp.issue_id = i.id
      where i.id = ${a}.issue_id
        and (mp.chapter >= i.number or rp.finished or rp.page >= ${a}.page${issueReach})))))`;
}
