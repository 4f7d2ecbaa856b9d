/**
 * Queries of episodes as the viewer sees them: the newest across all series, one episode with
 * its neighbours, and the series the viewer is watching. Every function takes a `Db`, which may
 * be a transaction. Reads that leave the server go through `episodeSelect`, so a card, a detail
 * and a continue-watching entry carry the same columns (mapped by media-units.mapper).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MEDIA_KINDS } from '@otakura/shared';
import { queryParsed, type Db } from '../../db/client';
import type { Cursor } from '../../lib/cursor';

/** One episode with its series and the viewer's progress (null columns: never played). */
export const EpisodeRowSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.number().int(),
  title: z.string(),
  videoKey: z.string().nullable(),
  thumbnailKey: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  createdAt: z.coerce.date(),
  /** created_at in UTC with microseconds, for cursors (a JS Date has only milliseconds). */
  cursorAt: z.string(),
  mediaKind: z.enum(MEDIA_KINDS),
  mediaTitle: z.string(),
  mediaImageKey: z.string().nullable(),
  positionSeconds: z.coerce.number().nullable(),
  watched: z.boolean().nullable(),
  progressUpdatedAt: z.coerce.date().nullable(),
});
export type EpisodeRow = z.output<typeof EpisodeRowSchema>;

export interface WatchProgressRow {
  positionSeconds: number;
  watched: boolean;
  updatedAt: Date;
}

/**
 * `SELECT <episode columns> FROM media_episodes e JOIN media m LEFT JOIN <viewer's progress>`;
 * the caller adds WHERE / ORDER BY / LIMIT. The progress join is a primary-key probe.
 */
export function episodeSelect(viewerId: string): SQL {
  return sql`
    select e.id, e.media_id as "mediaId", e.number, e.title, e.video_key as "videoKey",
           e.thumbnail_key as "thumbnailKey", e.duration_seconds as "durationSeconds",
           e.created_at as "createdAt",
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
           m.kind as "mediaKind", m.title as "mediaTitle", m.image_key as "mediaImageKey",
           p.position_seconds as "positionSeconds", p.watched, p.updated_at as "progressUpdatedAt"
    from media_episodes e
    join media m on m.id = e.media_id
    left join media_watch_progress p on p.user_id = ${viewerId}::uuid and p.episode_id = e.id`;
}

function readEpisodeRows(db: Db, query: SQL): Promise<EpisodeRow[]> {
  return queryParsed(db, EpisodeRowSchema, query);
}

/**
 * Up to `limit` episodes of every series, newest first by `(created_at, id)`, strictly after
 * `after`. Reads `media_episodes_created_idx` in order.
 */
export function listNewestEpisodes(
  db: Db,
  viewerId: string,
  after: Cursor | undefined,
  limit: number,
): Promise<EpisodeRow[]> {
  const where = after
    ? sql`where (e.created_at, e.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  return readEpisodeRows(
    db,
    sql`${episodeSelect(viewerId)} ${where} order by e.created_at desc, e.id desc limit ${limit}`,
  );
}

export async function findEpisodeRow(
  db: Db,
  viewerId: string,
  episodeId: string,
): Promise<EpisodeRow | undefined> {
  const [row] = await readEpisodeRows(
    db,
    sql`${episodeSelect(viewerId)} where e.id = ${episodeId}::uuid`,
  );
  return row;
}

const NeighbourRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  thumbnailKey: z.string().nullable(),
});
export type NeighbourEpisodeRow = z.output<typeof NeighbourRowSchema>;

/** The episodes just before and after `number` in the series (by number). */
export async function findNeighbourEpisodes(
  db: Db,
  mediaId: string,
  number: number,
): Promise<{ previous: NeighbourEpisodeRow | undefined; next: NeighbourEpisodeRow | undefined }> {
  const columns = sql`id, number, title, thumbnail_key as "thumbnailKey"`;
  const [previous] = await queryParsed(
    db,
    NeighbourRowSchema,
    sql`select ${columns} from media_episodes
        where media_id = ${mediaId}::uuid and number < ${number}
        order by number desc limit 1`,
  );
  const [next] = await queryParsed(
    db,
    NeighbourRowSchema,
    sql`select ${columns} from media_episodes
        where media_id = ${mediaId}::uuid and number > ${number}
        order by number asc limit 1`,
  );
  return { previous, next };
}

/**
 * The series the viewer has watch progress in, most recently updated first, each with the
 * episode to open: the one in progress (not watched, position > 0, most recently updated),
 * else the first episode after the highest watched number. Series with nothing left to watch
 * are skipped. Read through the viewer's progress rows (`media_watch_progress_user_media_idx`).
 */
export function listContinueWatching(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<EpisodeRow[]> {
  const viewer = sql`${viewerId}::uuid`;
  return readEpisodeRows(
    db,
    sql`with series as (
          select media_id, max(updated_at) as last_at
          from media_watch_progress
          where user_id = ${viewer}
          group by media_id
        ),
        picked as (
          select s.last_at, coalesce(
            (select p.episode_id from media_watch_progress p
              where p.user_id = ${viewer} and p.media_id = s.media_id
                and not p.watched and p.position_seconds > 0
              order by p.updated_at desc, p.episode_id limit 1),
            (select n.id from media_episodes n
              where n.media_id = s.media_id
                and n.number > coalesce((
                  select max(we.number) from media_watch_progress wp
                  join media_episodes we on we.id = wp.episode_id
                  where wp.user_id = ${viewer} and wp.media_id = s.media_id and wp.watched
                ), 0)
              order by n.number limit 1)
          ) as episode_id
          from series s
        )
        ${episodeSelect(viewerId)}
        join picked on picked.episode_id = e.id
        order by picked.last_at desc, e.id
        limit ${limit}`,
  );
}
