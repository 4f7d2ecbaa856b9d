/**
 * The spoiler shield's one rule (issue 12, docs/spoiler-shield.md), as SQL every module uses:
 * a row tagged with a series and a point (episode / volume / chapter number) is covered for a
 * viewer whose progress in that series (media_progress, only ever raised) has not reached the
 * point. The author always sees their own row. The decision is made in the query, so a covered
 * row's text never leaves the server unless the viewer reveals it.
 *
 * `alias` is the SQL alias of a table with the columns spoiler_media_id, spoiler_unit,
 * spoiler_number and user_id (posts `p`, comments `c`). Constant text, never user input.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The viewer's progress in the tagged series, on the tag's unit (0 when none). */
export function viewerMarkSql(alias: string, viewerId: string | Placeholder): SQL {
  const a = sql.raw(alias);
  return sql`coalesce((select case ${a}.spoiler_unit when 'episode' then mp.episode when 'volume' then mp.volume else mp.chapter end
      from media_progress mp where mp.user_id = ${viewerId}::uuid and mp.media_id = ${a}.spoiler_media_id), 0)`;
}

/** Boolean: the row is covered for this viewer. */
export function spoilerCoveredSql(alias: string, viewerId: string | Placeholder): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.spoiler_media_id is not null and ${a}.user_id <> ${viewerId}::uuid
      and ${viewerMarkSql(alias, viewerId)} < ${a}.spoiler_number)`;
}

/**
 * A text column as the viewer may read it: null while covered. Use it in the SELECT instead of
 * the bare column for every field the shield hides (body, title where shown, images, preview).
 */
export function unlessCoveredSql(alias: string, viewerId: string, column: SQL): SQL {
  return sql`case when ${spoilerCoveredSql(alias, viewerId)} then null else ${column} end`;
}
