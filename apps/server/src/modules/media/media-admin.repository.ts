/**
 * Writes of the media administration: entries, episodes, volumes, issues and pages, with the
 * locks that keep numbers unique and pages contiguous. Every function takes a `Db`, which may be a
 * transaction; media-admin.service decides the transactions. Reads that present a row again go
 * through media.repository.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, queryRows, type Db } from '../../db/client';
import { media, mediaEpisodes, mediaIssues, mediaPages, mediaVolumes } from '../../db/schema';

type MediaInsert = typeof media.$inferInsert;

/** The fields that are set (an absent field keeps its value; null is a value). */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}
export type MediaKind = (typeof media.$inferSelect)['kind'];

export async function insertMedia(db: Db, values: MediaInsert): Promise<string> {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  return row!.id;
}

/** Changes the given fields; false when there is no such entry. */
export async function updateMedia(
  db: Db,
  mediaId: string,
  fields: Partial<
    Pick<
      MediaInsert,
      | 'title'
      | 'about'
      | 'author'
      | 'language'
      | 'nsfw'
      | 'keywords'
      | 'readingDirection'
      | 'communityId'
    >
  >,
): Promise<boolean> {
  const set = defined(fields);
  const rows = Object.keys(set).length
    ? await db.update(media).set(set).where(eq(media.id, mediaId)).returning({ id: media.id })
    : await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
  return rows.length > 0;
}

export async function findMediaKind(db: Db, mediaId: string): Promise<MediaKind | undefined> {
  const [row] = await db.select({ kind: media.kind }).from(media).where(eq(media.id, mediaId));
  return row?.kind;
}

/**
 * Serialises the writers of one entry's numbering (episodes, volumes, issues) until the
 * transaction ends, so "the next number" and "is this number free" cannot race. Issues have no
 * unique index on their number, so this lock is what keeps them unique.
 */
export async function lockNumbering(db: Db, mediaId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${'media-units:'}::text || ${mediaId}::text, 0))`,
  );
}

/** Points one picture column of an entry at `key`; answers the key replaced (row locked first). */
export async function replaceMediaImage(
  db: Db,
  mediaId: string,
  column: 'imageKey' | 'bannerKey',
  key: string,
): Promise<{ old: string | null } | undefined> {
  const [current] = await db
    .select({ old: media[column] })
    .from(media)
    .where(eq(media.id, mediaId))
    .for('update');
  if (!current) return undefined;
  await db
    .update(media)
    .set({ [column]: key })
    .where(eq(media.id, mediaId));
  return current;
}

// ---- episodes ---------------------------------------------------------------------------------

export async function nextEpisodeNumber(db: Db, mediaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${mediaEpisodes.number}), 0)::int + 1` })
    .from(mediaEpisodes)
    .where(eq(mediaEpisodes.mediaId, mediaId));
  return Number(row!.n);
}

export async function episodeNumberTaken(
  db: Db,
  mediaId: string,
  number: number,
  exceptId?: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from media_episodes where media_id = ${mediaId}::uuid and number = ${number}
      ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertEpisode(
  db: Db,
  values: { mediaId: string; number: number; title: string },
): Promise<string> {
  const [row] = await db.insert(mediaEpisodes).values(values).returning({ id: mediaEpisodes.id });
  return row!.id;
}

export async function findEpisodeHead(
  db: Db,
  episodeId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<
  { id: string; mediaId: string; videoKey: string | null; thumbnailKey: string | null } | undefined
> {
  const query = db
    .select({
      id: mediaEpisodes.id,
      mediaId: mediaEpisodes.mediaId,
      videoKey: mediaEpisodes.videoKey,
      thumbnailKey: mediaEpisodes.thumbnailKey,
    })
    .from(mediaEpisodes)
    .where(eq(mediaEpisodes.id, episodeId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateEpisode(
  db: Db,
  episodeId: string,
  fields: Partial<{
    number: number;
    title: string;
    videoKey: string;
    thumbnailKey: string;
    durationSeconds: number | null;
  }>,
): Promise<void> {
  const set = defined(fields);
  if (!Object.keys(set).length) return;
  await db.update(mediaEpisodes).set(set).where(eq(mediaEpisodes.id, episodeId));
}

// ---- volumes ----------------------------------------------------------------------------------

export async function nextVolumeNumber(db: Db, mediaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${mediaVolumes.number}), 0)::int + 1` })
    .from(mediaVolumes)
    .where(eq(mediaVolumes.mediaId, mediaId));
  return Number(row!.n);
}

export async function volumeNumberTaken(
  db: Db,
  mediaId: string,
  number: number,
  exceptId?: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from media_volumes where media_id = ${mediaId}::uuid and number = ${number}
      ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertVolume(
  db: Db,
  values: { mediaId: string; number: number; title: string },
): Promise<string> {
  const [row] = await db.insert(mediaVolumes).values(values).returning({ id: mediaVolumes.id });
  return row!.id;
}

export async function findVolumeHead(
  db: Db,
  volumeId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ id: string; mediaId: string; coverKey: string | null } | undefined> {
  const query = db
    .select({ id: mediaVolumes.id, mediaId: mediaVolumes.mediaId, coverKey: mediaVolumes.coverKey })
    .from(mediaVolumes)
    .where(eq(mediaVolumes.id, volumeId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateVolume(
  db: Db,
  volumeId: string,
  fields: Partial<{ number: number; title: string; coverKey: string }>,
): Promise<void> {
  const set = defined(fields);
  if (!Object.keys(set).length) return;
  await db.update(mediaVolumes).set(set).where(eq(mediaVolumes.id, volumeId));
}

// ---- issues -----------------------------------------------------------------------------------

/** One more than the highest issue number of the whole entry (free in any volume too). */
export async function nextIssueNumber(db: Db, mediaId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${mediaIssues.number}), 0)::int + 1` })
    .from(mediaIssues)
    .where(eq(mediaIssues.mediaId, mediaId));
  return Number(row!.n);
}

/** Whether the number is used in the same volume (manga) or among the entry's issues (sequence). */
export async function issueNumberTaken(
  db: Db,
  mediaId: string,
  volumeId: string | null,
  number: number,
  exceptId?: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from media_issues where media_id = ${mediaId}::uuid
      and volume_id is not distinct from ${volumeId}::uuid and number = ${number}
      ${exceptId ? sql`and id <> ${exceptId}::uuid` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertIssue(
  db: Db,
  values: { mediaId: string; volumeId: string | null; number: number; title: string },
): Promise<string> {
  const [row] = await db.insert(mediaIssues).values(values).returning({ id: mediaIssues.id });
  return row!.id;
}

/** The issue's owner ids; `forUpdate` locks the row, which serialises the issue's page writers. */
export async function findIssueHead(
  db: Db,
  issueId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ id: string; mediaId: string; volumeId: string | null } | undefined> {
  const query = db
    .select({ id: mediaIssues.id, mediaId: mediaIssues.mediaId, volumeId: mediaIssues.volumeId })
    .from(mediaIssues)
    .where(eq(mediaIssues.id, issueId));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateIssue(
  db: Db,
  issueId: string,
  fields: Partial<{ number: number; title: string }>,
): Promise<void> {
  const set = defined(fields);
  if (!Object.keys(set).length) return;
  await db.update(mediaIssues).set(set).where(eq(mediaIssues.id, issueId));
}

// ---- pages ------------------------------------------------------------------------------------

export async function pageIdsInOrder(db: Db, issueId: string): Promise<string[]> {
  const rows = await db
    .select({ id: mediaPages.id })
    .from(mediaPages)
    .where(eq(mediaPages.issueId, issueId))
    .orderBy(mediaPages.pageNumber);
  return rows.map((r) => r.id);
}

/** Appends pages after the issue's last one, in the given order (the issue row must be locked). */
export async function appendPages(
  db: Db,
  issueId: string,
  pages: { imageKey: string; width: number; height: number }[],
): Promise<void> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${mediaPages.pageNumber}), 0)::int` })
    .from(mediaPages)
    .where(eq(mediaPages.issueId, issueId));
  const last = Number(row!.n);
  await db
    .insert(mediaPages)
    .values(pages.map((p, i) => ({ issueId, pageNumber: last + i + 1, ...p })));
}

/**
 * Numbers the issue's pages 1..n in the order of `pageIds` (every page of the issue, each once).
 * The unique (issue_id, page_number) index is checked row by row, so the pages first move to
 * negative numbers, which no page holds, and then to their places.
 */
export async function renumberPages(db: Db, issueId: string, pageIds: string[]): Promise<void> {
  await db
    .update(mediaPages)
    .set({ pageNumber: sql`-${mediaPages.pageNumber}` })
    .where(eq(mediaPages.issueId, issueId));
  await db.execute(
    sql`update media_pages p set page_number = o.n
      from jsonb_array_elements_text(${JSON.stringify(pageIds)}::jsonb) with ordinality as o(id, n)
      where p.issue_id = ${issueId}::uuid and p.id = o.id::uuid`,
  );
}

const DeletedPageSchema = z.object({
  issueId: z.string(),
  pageNumber: z.number().int(),
  imageKey: z.string(),
});

export async function findPageIssue(db: Db, pageId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ issueId: mediaPages.issueId })
    .from(mediaPages)
    .where(eq(mediaPages.id, pageId));
  return row?.issueId;
}

/**
 * Deletes a page of a (locked) issue and closes the gap: the pages after it move up by one,
 * through negative numbers as in renumberPages. Answers the deleted page, or undefined.
 */
export async function deletePage(
  db: Db,
  issueId: string,
  pageId: string,
): Promise<z.output<typeof DeletedPageSchema> | undefined> {
  const [deleted] = await queryParsed(
    db,
    DeletedPageSchema,
    sql`delete from media_pages where id = ${pageId}::uuid and issue_id = ${issueId}::uuid
      returning issue_id as "issueId", page_number as "pageNumber", image_key as "imageKey"`,
  );
  if (!deleted) return undefined;
  await db
    .update(mediaPages)
    .set({ pageNumber: sql`-(${mediaPages.pageNumber} - 1)` })
    .where(
      and(eq(mediaPages.issueId, issueId), sql`${mediaPages.pageNumber} > ${deleted.pageNumber}`),
    );
  await db
    .update(mediaPages)
    .set({ pageNumber: sql`-${mediaPages.pageNumber}` })
    .where(and(eq(mediaPages.issueId, issueId), sql`${mediaPages.pageNumber} < 0`));
  return deleted;
}

export async function countPages(db: Db, issueId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaPages)
    .where(eq(mediaPages.issueId, issueId));
  return Number(row!.n);
}

/**
 * The words of an audit-log label (issue 09): the entry's title and, for a unit, its number
 * (read after the write, so an edited number is the new one).
 */
export async function auditLabelParts(
  db: Db,
  mediaId: string,
  unit?: { type: 'episode' | 'volume' | 'issue'; id: string },
): Promise<{ title: string | null; number: number | null }> {
  const table = unit
    ? { episode: mediaEpisodes, volume: mediaVolumes, issue: mediaIssues }[unit.type]
    : undefined;
  const [row] = await db.select({ title: media.title }).from(media).where(eq(media.id, mediaId));
  let number: number | null = null;
  if (table && unit) {
    const [u] = await db.select({ n: table.number }).from(table).where(eq(table.id, unit.id));
    number = u?.n ?? null;
  }
  return { title: row?.title ?? null, number };
}
