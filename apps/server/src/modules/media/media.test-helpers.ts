/** Helpers shared by the media catalog and administration tests. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { MediaListPageSchema, type MediaListPage } from '@otakura/shared';
import type { Db } from '../../db/client';
import {
  mediaEpisodes,
  mediaIssues,
  mediaPages,
  mediaReadProgress,
  mediaVolumes,
  mediaWatchProgress,
} from '../../db/schema';
import type { TestHttp } from '../../test/factories';

type WithDb = { database: { db: Db } };

/** A token no other test's titles contain: letters only, so it is a plain substring. */
export function token(): string {
  return `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

export async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string; message: string } };
  expect({ status: res.status, code: body.error?.code }, JSON.stringify(body)).toEqual({
    status,
    code,
  });
  expect(typeof body.error?.message).toBe('string');
}

export function searchPath(params: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  return `/api/media?${qs.toString()}`;
}

export async function search(
  http: TestHttp,
  params: Record<string, string | number | undefined>,
): Promise<MediaListPage> {
  const res = await http(searchPath(params));
  expect(res.status, await res.clone().text()).toBe(200);
  return MediaListPageSchema.parse(await res.json());
}

/** Every page, following nextCursor; fails on a repeated cursor. */
export async function searchAll(
  http: TestHttp,
  params: Record<string, string | number | undefined>,
): Promise<{ items: MediaListPage['items']; pages: number }> {
  const items: MediaListPage['items'] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await search(http, { ...params, cursor });
    pages += 1;
    items.push(...page.items);
    if (!page.nextCursor) return { items, pages };
    expect(seen.has(page.nextCursor)).toBe(false);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** The list order: lower-cased title by code point, then id. */
export function listOrder(
  a: { title: string; id: string },
  b: { title: string; id: string },
): number {
  const x = [...a.title.toLowerCase()].map((c) => c.codePointAt(0)!);
  const y = [...b.title.toLowerCase()].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  if (x.length !== y.length) return x.length - y.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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

/** An issue with `pages` pages (keys that need no file). */
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
    await t.database.db.insert(mediaPages).values(
      Array.from({ length: pages }, (_, i) => ({
        issueId: row!.id,
        pageNumber: i + 1,
        imageKey: `media/${mediaId}/page-${row!.id}-${i + 1}.webp`,
        width: 800,
        height: 1200,
      })),
    );
  }
  return row!;
}

/** Sets a user's watch progress in an episode, `minutesAgo` in the past. */
export async function watch(
  t: WithDb,
  userId: string,
  episode: { id: string; mediaId: string },
  progress: { positionSeconds?: number; watched?: boolean; minutesAgo?: number },
): Promise<void> {
  await t.database.db.insert(mediaWatchProgress).values({
    userId,
    episodeId: episode.id,
    mediaId: episode.mediaId,
    positionSeconds: progress.positionSeconds ?? 0,
    watched: progress.watched ?? false,
    updatedAt: new Date(Date.now() - (progress.minutesAgo ?? 0) * 60_000),
  });
}

/** Sets a user's read progress in an issue, `minutesAgo` in the past. */
export async function read(
  t: WithDb,
  userId: string,
  issue: { id: string; mediaId: string },
  progress: { page?: number; finished?: boolean; minutesAgo?: number },
): Promise<void> {
  await t.database.db.insert(mediaReadProgress).values({
    userId,
    issueId: issue.id,
    mediaId: issue.mediaId,
    page: progress.page ?? 1,
    finished: progress.finished ?? false,
    updatedAt: new Date(Date.now() - (progress.minutesAgo ?? 0) * 60_000),
  });
}
