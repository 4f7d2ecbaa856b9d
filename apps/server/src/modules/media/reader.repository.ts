/**
 * Queries of the reader: an issue with its series and volume, its pages, the issues either
 * side in reading order, read progress and reader prefs. Every function takes a `Db`, which may
 * be a transaction.
 *
 * Reading order within a series: by volume number (issues without a volume first, as in a
 * sequence, which has none), then issue number, then id.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MEDIA_KINDS, READER_MODES, READING_DIRECTIONS } from '@otakura/shared';
import { queryParsed, type Db } from '../../db/client';
import { mediaPages } from '../../db/schema';

export type PageRow = typeof mediaPages.$inferSelect;

const IssueRowSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  volumeId: z.string().nullable(),
  number: z.number().int(),
  title: z.string(),
  volumeNumber: z.number().int().nullable(),
  volumeTitle: z.string().nullable(),
  mediaKind: z.enum(MEDIA_KINDS),
  mediaTitle: z.string(),
  mediaImageKey: z.string().nullable(),
  mediaReadingDirection: z.enum(READING_DIRECTIONS),
  pageCount: z.coerce.number().int(),
});
export type IssueRow = z.output<typeof IssueRowSchema>;

/** The issue with its series, its volume (or null) and its page count. */
export async function findIssueRow(db: Db, issueId: string): Promise<IssueRow | undefined> {
  const [row] = await queryParsed(
    db,
    IssueRowSchema,
    sql`select i.id, i.media_id as "mediaId", i.volume_id as "volumeId", i.number, i.title,
               v.number as "volumeNumber", v.title as "volumeTitle",
               m.kind as "mediaKind", m.title as "mediaTitle", m.image_key as "mediaImageKey",
               m.reading_direction as "mediaReadingDirection",
               (select count(*) from media_pages pg where pg.issue_id = i.id)::int as "pageCount"
        from media_issues i
        join media m on m.id = i.media_id
        left join media_volumes v on v.id = i.volume_id
        where i.id = ${issueId}::uuid`,
  );
  return row;
}

/** The issue's pages in order. */
export function listPages(db: Db, issueId: string): Promise<PageRow[]> {
  return db
    .select()
    .from(mediaPages)
    .where(eq(mediaPages.issueId, issueId))
    .orderBy(asc(mediaPages.pageNumber));
}

/** The first `count` pages of an issue, in order (the next issue's, preloaded). */
export async function listFirstPages(db: Db, issueId: string, count: number): Promise<PageRow[]> {
  return db
    .select()
    .from(mediaPages)
    .where(eq(mediaPages.issueId, issueId))
    .orderBy(asc(mediaPages.pageNumber))
    .limit(count);
}

/** Page count of an issue and its series, for progress (undefined: no such issue). */
export async function findIssueHead(
  db: Db,
  issueId: string,
): Promise<{ mediaId: string; pageCount: number } | undefined> {
  const [row] = await queryParsed(
    db,
    z.object({ mediaId: z.string(), pageCount: z.coerce.number().int() }),
    sql`select i.media_id as "mediaId",
               (select count(*) from media_pages pg where pg.issue_id = i.id)::int as "pageCount"
        from media_issues i where i.id = ${issueId}::uuid`,
  );
  return row;
}

const NeighbourIssueSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
});
export type NeighbourIssueRow = z.output<typeof NeighbourIssueSchema>;

/** The issues just before and after `issue` in the series' reading order. */
export async function findNeighbourIssues(
  db: Db,
  issue: Pick<IssueRow, 'id' | 'mediaId' | 'number' | 'volumeNumber'>,
): Promise<{ previous: NeighbourIssueRow | undefined; next: NeighbourIssueRow | undefined }> {
  const key = sql`(coalesce(v.number, 0), i.number, i.id)`;
  const current = sql`(${issue.volumeNumber ?? 0}::int, ${issue.number}::int, ${issue.id}::uuid)`;
  const neighbour = (cmp: SQL, dir: SQL) =>
    queryParsed(
      db,
      NeighbourIssueSchema,
      sql`select i.id, i.number, i.title
          from media_issues i left join media_volumes v on v.id = i.volume_id
          where i.media_id = ${issue.mediaId}::uuid and ${key} ${cmp} ${current}
          order by coalesce(v.number, 0) ${dir}, i.number ${dir}, i.id ${dir}
          limit 1`,
    );
  const [previous] = await neighbour(sql`<`, sql`desc`);
  const [next] = await neighbour(sql`>`, sql`asc`);
  return { previous, next };
}

const ReadProgressRowSchema = z.object({
  page: z.number().int(),
  finished: z.boolean(),
  updatedAt: z.coerce.date(),
});
export type ReadProgressRow = z.output<typeof ReadProgressRowSchema>;

export async function findReadProgress(
  db: Db,
  userId: string,
  issueId: string,
): Promise<ReadProgressRow | undefined> {
  const [row] = await queryParsed(
    db,
    ReadProgressRowSchema,
    sql`select page, finished, updated_at as "updatedAt" from media_read_progress
        where user_id = ${userId}::uuid and issue_id = ${issueId}::uuid`,
  );
  return row;
}

/** Saves the page reached; `finished` only ever turns on. */
export async function upsertReadProgress(
  db: Db,
  values: { userId: string; issueId: string; mediaId: string; page: number; finished: boolean },
): Promise<ReadProgressRow> {
  const [row] = await queryParsed(
    db,
    ReadProgressRowSchema,
    sql`insert into media_read_progress as r (user_id, issue_id, media_id, page, finished, updated_at)
        values (${values.userId}::uuid, ${values.issueId}::uuid, ${values.mediaId}::uuid,
                ${values.page}, ${values.finished}, now())
        on conflict (user_id, issue_id) do update
          set page = excluded.page,
              finished = r.finished or excluded.finished,
              updated_at = excluded.updated_at
        returning page, finished, updated_at as "updatedAt"`,
  );
  return row!;
}

const ReaderPrefsRowSchema = z.object({
  direction: z.enum(READING_DIRECTIONS),
  mode: z.enum(READER_MODES),
  coverAlone: z.boolean(),
});
export type ReaderPrefsRow = z.output<typeof ReaderPrefsRowSchema>;

export async function findReaderPrefs(
  db: Db,
  userId: string,
  mediaId: string,
): Promise<ReaderPrefsRow | undefined> {
  const [row] = await queryParsed(
    db,
    ReaderPrefsRowSchema,
    sql`select direction, mode, cover_alone as "coverAlone" from media_reader_prefs
        where user_id = ${userId}::uuid and media_id = ${mediaId}::uuid`,
  );
  return row;
}

/**
 * Merges `changes` into the user's prefs for the series in one statement: a field not given
 * keeps its current value, or its default for a first save (the series' direction,
 * `defaults.mode`, `defaults.coverAlone`). Undefined when the media entry does not exist.
 */
export async function mergeReaderPrefs(
  db: Db,
  userId: string,
  mediaId: string,
  changes: Partial<ReaderPrefsRow>,
  defaults: Pick<ReaderPrefsRow, 'mode' | 'coverAlone'>,
): Promise<ReaderPrefsRow | undefined> {
  const direction = sql`${changes.direction ?? null}::text`;
  const mode = sql`${changes.mode ?? null}::text`;
  const coverAlone = sql`${changes.coverAlone ?? null}::boolean`;
  const [row] = await queryParsed(
    db,
    ReaderPrefsRowSchema,
    sql`insert into media_reader_prefs as r (user_id, media_id, direction, mode, cover_alone, updated_at)
        select ${userId}::uuid, m.id, coalesce(${direction}, m.reading_direction),
               coalesce(${mode}, ${defaults.mode}::text), coalesce(${coverAlone}, ${defaults.coverAlone}::boolean), now()
        from media m where m.id = ${mediaId}::uuid
        on conflict (user_id, media_id) do update
          set direction = coalesce(${direction}, r.direction),
              mode = coalesce(${mode}, r.mode),
              cover_alone = coalesce(${coverAlone}, r.cover_alone),
              updated_at = now()
        returning direction, mode, cover_alone as "coverAlone"`,
  );
  return row;
}
