/** Helpers shared by the episodes, playback and reader tests. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PlaybackSessionSchema, PlaybackStateSchema, type PlaybackState } from '@otakura/shared';
import { queryRows, type Db } from '../../db/client';
import { mediaEpisodes, mediaIssues, mediaPages, mediaVolumes } from '../../db/schema';
import type { TestUser } from '../../test/factories';

type WithDb = { database: { db: Db } };

export async function expectError(
  res: Response,
  status: number,
  code: string,
): Promise<{ code: string; message: string; details?: { path: string; message: string }[] }> {
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { path: string; message: string }[] };
  };
  expect({ status: res.status, code: body.error?.code }, JSON.stringify(body)).toEqual({
    status,
    code,
  });
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

export async function addEpisode(
  t: WithDb,
  mediaId: string,
  number: number,
  values: Partial<typeof mediaEpisodes.$inferInsert> = {},
): Promise<typeof mediaEpisodes.$inferSelect> {
  const [row] = await t.database.db
    .insert(mediaEpisodes)
    .values({ mediaId, number, title: `Episode ${number}`, ...values })
    .returning();
  return row!;
}

export async function addVolume(
  t: WithDb,
  mediaId: string,
  number: number,
): Promise<typeof mediaVolumes.$inferSelect> {
  const [row] = await t.database.db
    .insert(mediaVolumes)
    .values({ mediaId, number, title: `Volume ${number}` })
    .returning();
  return row!;
}

/** An issue with `pages` pages (keys that need no file; page n is `width` 800 + n wide). */
export async function addIssue(
  t: WithDb,
  mediaId: string,
  number: number,
  opts: { volumeId?: string | null; pages?: number } = {},
): Promise<typeof mediaIssues.$inferSelect> {
  const [row] = await t.database.db
    .insert(mediaIssues)
    .values({ mediaId, volumeId: opts.volumeId ?? null, number, title: `Issue ${number}` })
    .returning();
  const pages = opts.pages ?? 0;
  if (pages > 0) {
    // Inserted last page first, so an answer in page order is not just insertion order.
    await t.database.db.insert(mediaPages).values(
      Array.from({ length: pages }, (_, i) => ({
        issueId: row!.id,
        pageNumber: pages - i,
        imageKey: `media-pages/${mediaId}/${row!.id}/${pages - i}.webp`,
        width: 800 + pages - i,
        height: 1200,
      })),
    );
  }
  return row!;
}

export async function openPlayback(who: TestUser, episodeId: string) {
  const res = await who.http(`/api/episodes/${episodeId}/playback`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(201);
  return PlaybackSessionSchema.parse(await res.json());
}

export interface Beat {
  positionSeconds: number;
  playing: boolean;
  durationSeconds?: number;
}

export async function heartbeat(
  who: TestUser,
  sessionId: string,
  body: Beat,
): Promise<PlaybackState> {
  const res = await who.http(`/api/playback/${sessionId}/heartbeat`, {
    method: 'POST',
    json: body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return PlaybackStateSchema.parse(await res.json());
}

/**
 * Moves the session's last accepted heartbeat `ms` into the past: the next heartbeat sees that
 * much more server time gone by (a controllable clock without sleeping).
 */
export async function rewindSession(t: WithDb, sessionId: string, ms: number): Promise<void> {
  await t.database.db.execute(
    sql`update media_playback_sessions
        set last_beat_at = last_beat_at - (${ms}::float8 * interval '1 millisecond')
        where id = ${sessionId}::uuid`,
  );
}

export async function sessionRow(
  t: WithDb,
  sessionId: string,
): Promise<{ watchedMs: number; counted: boolean; closed: boolean }> {
  const [row] = await queryRows<{ watchedMs: number; counted: boolean; closed: boolean }>(
    t.database.db,
    sql`select watched_ms as "watchedMs", counted_at is not null as counted,
               closed_at is not null as closed
        from media_playback_sessions where id = ${sessionId}::uuid`,
  );
  return row!;
}

/** Counted view rows of a media entry and its `view_count`. */
export async function views(t: WithDb, mediaId: string): Promise<{ rows: number; count: number }> {
  const [row] = await queryRows<{ rows: number; count: number }>(
    t.database.db,
    sql`select (select count(*) from media_views v where v.media_id = m.id)::int as rows,
               m.view_count as count
        from media m where m.id = ${mediaId}::uuid`,
  );
  return row!;
}

/** Media entries whose `view_count` differs from their view rows (should be none). */
export async function viewCountMismatches(t: WithDb): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select m.id from media m
        where m.view_count <> (select count(*) from media_views v where v.media_id = m.id)`,
  );
  return rows.map((r) => r.id);
}
