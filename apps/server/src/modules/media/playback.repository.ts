/**
 * Queries of playback sessions, counted views and watch progress. Every function takes a `Db`,
 * which may be a transaction; playback.service decides the transactions and the locks.
 *
 * Time is the database's: `statement_timestamp()` read after the session row is locked, so two
 * heartbeats of one session, or a server with a skewed clock, cannot disagree about it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { media, mediaPlaybackSessions, mediaViews } from '../../db/schema';
import type { WatchProgressRow } from './episodes.repository';

export type PlaybackSessionRow = typeof mediaPlaybackSessions.$inferSelect;

/** The episode a session can be opened on, with what resuming needs. */
export async function findPlayableEpisode(
  db: Db,
  episodeId: string,
): Promise<{ id: string; mediaId: string; durationSeconds: number | null } | undefined> {
  const [row] = await queryParsed(
    db,
    z.object({
      id: z.string(),
      mediaId: z.string(),
      durationSeconds: z.number().int().nullable(),
    }),
    sql`select id, media_id as "mediaId", duration_seconds as "durationSeconds"
        from media_episodes where id = ${episodeId}::uuid`,
  );
  return row;
}

const ProgressRowSchema = z.object({
  positionSeconds: z.coerce.number(),
  watched: z.boolean(),
  updatedAt: z.coerce.date(),
});

export async function findWatchProgress(
  db: Db,
  userId: string,
  episodeId: string,
): Promise<WatchProgressRow | undefined> {
  const [row] = await queryParsed(
    db,
    ProgressRowSchema,
    sql`select position_seconds as "positionSeconds", watched, updated_at as "updatedAt"
        from media_watch_progress
        where user_id = ${userId}::uuid and episode_id = ${episodeId}::uuid`,
  );
  return row;
}

export async function insertSession(
  db: Db,
  values: { userId: string; mediaId: string; episodeId: string },
): Promise<PlaybackSessionRow> {
  const [row] = await db.insert(mediaPlaybackSessions).values(values).returning();
  return row!;
}

/** The session if it is `userId`'s, locked until the transaction ends. */
export async function lockSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<PlaybackSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaPlaybackSessions)
    .where(and(eq(mediaPlaybackSessions.id, sessionId), eq(mediaPlaybackSessions.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * The server time now and the milliseconds since the session's last accepted heartbeat.
 * Call after `lockSession`: the statement starts once the lock is held.
 */
export async function sessionClock(
  db: Db,
  sessionId: string,
): Promise<{ now: string; elapsedMs: number }> {
  const [row] = await queryParsed(
    db,
    z.object({ now: z.string(), elapsedMs: z.coerce.number() }),
    sql`select to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "now",
               (extract(epoch from (statement_timestamp() - last_beat_at)) * 1000)::float8 as "elapsedMs"
        from media_playback_sessions where id = ${sessionId}::uuid`,
  );
  if (!row) throw new Error(`playback session ${sessionId} vanished under its lock`);
  return row;
}

/** Writes a heartbeat's result to the (locked) session. `now` is `sessionClock`'s. */
export async function updateSession(
  db: Db,
  sessionId: string,
  fields: { watchedMs: number; now: string; counted: boolean; close: boolean },
): Promise<void> {
  const at = sql`${fields.now}::timestamptz`;
  await db
    .update(mediaPlaybackSessions)
    .set({
      watchedMs: fields.watchedMs,
      lastBeatAt: at,
      ...(fields.counted ? { countedAt: at } : {}),
      ...(fields.close ? { closedAt: at } : {}),
    })
    .where(eq(mediaPlaybackSessions.id, sessionId));
}

/**
 * Serialises the view counting of one user on one episode until the transaction ends, so two
 * sessions reaching their threshold at once cannot both pass the once-per-window check.
 */
export async function lockViewer(db: Db, userId: string, episodeId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`media-view:${userId}:${episodeId}`}::text, 0))`,
  );
}

/** True when the user's latest counted view of the episode is within `windowMs` of `now`. */
export async function hasRecentView(
  db: Db,
  userId: string,
  episodeId: string,
  now: string,
  windowMs: number,
): Promise<boolean> {
  const [row] = await queryParsed(
    db,
    z.object({ recent: z.boolean() }),
    sql`select coalesce((
          select created_at > ${now}::timestamptz - (${windowMs}::float8 * interval '1 millisecond')
          from media_views
          where user_id = ${userId}::uuid and episode_id = ${episodeId}::uuid
          order by created_at desc limit 1
        ), false) as recent`,
  );
  return row?.recent ?? false;
}

/** Inserts one view row and moves `media.view_count` with it; answers the new count. */
export async function insertView(
  db: Db,
  values: { mediaId: string; episodeId: string; userId: string; now: string },
): Promise<number> {
  await db.insert(mediaViews).values({
    mediaId: values.mediaId,
    episodeId: values.episodeId,
    userId: values.userId,
    createdAt: sql`${values.now}::timestamptz`,
  });
  const [row] = await db
    .update(media)
    .set({ viewCount: sql`${media.viewCount} + 1` })
    .where(eq(media.id, values.mediaId))
    .returning({ n: media.viewCount });
  return row?.n ?? 0;
}

export async function viewCountOf(db: Db, mediaId: string): Promise<number> {
  const [row] = await db
    .select({ n: media.viewCount })
    .from(media)
    .where(eq(media.id, mediaId))
    .limit(1);
  return row?.n ?? 0;
}

/**
 * Saves the position; `watched` only ever turns on (once true it stays true).
 */
export async function upsertWatchProgress(
  db: Db,
  values: {
    userId: string;
    episodeId: string;
    mediaId: string;
    positionSeconds: number;
    watched: boolean;
    now: string;
  },
): Promise<WatchProgressRow> {
  const [row] = await queryParsed(
    db,
    ProgressRowSchema,
    sql`insert into media_watch_progress as w
          (user_id, episode_id, media_id, position_seconds, watched, updated_at)
        values (${values.userId}::uuid, ${values.episodeId}::uuid, ${values.mediaId}::uuid,
                ${values.positionSeconds}, ${values.watched}, ${values.now}::timestamptz)
        on conflict (user_id, episode_id) do update
          set position_seconds = excluded.position_seconds,
              watched = w.watched or excluded.watched,
              updated_at = excluded.updated_at
        returning position_seconds as "positionSeconds", watched, updated_at as "updatedAt"`,
  );
  return row!;
}
