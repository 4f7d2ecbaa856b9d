/**
 * media_progress: how far a user is in a series (issue 12), the mark the spoiler shield compares
 * tags with (db/spoiler-shield.ts). Raised only, by the watch and read progress writes, inside
 * their transaction: an INSERT … ON CONFLICT that takes GREATEST of the stored and the new mark,
 * so two writes racing (two tabs, two episodes) can never lower it, whatever their order. The
 * DO UPDATE's WHERE makes a write that raises nothing touch no row and return none, so the
 * caller publishes `media.progress` only for a real rise.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MEDIA_KINDS } from '@otakura/shared';
import { queryParsed, type Db } from '../../db/client';

const MarksSchema = z.object({
  mediaId: z.string(),
  episode: z.number().int(),
  volume: z.number().int(),
  chapter: z.number().int(),
});
export type ProgressMarks = z.output<typeof MarksSchema>;

const RETURNING = sql`returning media_id as "mediaId", episode, volume, chapter`;

/** The user watched this episode: their episode mark becomes at least its number. Undefined: no rise. */
export async function raiseEpisodeMark(
  db: Db,
  userId: string,
  episodeId: string,
): Promise<ProgressMarks | undefined> {
  const [row] = await queryParsed(
    db,
    MarksSchema,
    sql`insert into media_progress as mp (user_id, media_id, episode, updated_at)
        select ${userId}::uuid, e.media_id, e.number, now() from media_episodes e
        where e.id = ${episodeId}::uuid
        on conflict (user_id, media_id) do update
          set episode = greatest(mp.episode, excluded.episode), updated_at = now()
          where mp.episode < excluded.episode
        ${RETURNING}`,
  );
  return row;
}

/**
 * The user finished this issue: the chapter mark becomes at least its number (issues are
 * numbered through the series), and when it is the last issue of its volume, the volume mark at
 * least that volume's number. Undefined: no rise.
 */
export async function raiseReadMarks(
  db: Db,
  userId: string,
  issueId: string,
): Promise<ProgressMarks | undefined> {
  const [row] = await queryParsed(
    db,
    MarksSchema,
    sql`insert into media_progress as mp (user_id, media_id, chapter, volume, updated_at)
        select ${userId}::uuid, i.media_id, i.number,
               case when v.id is not null
                     and i.number = (select max(i2.number) from media_issues i2 where i2.volume_id = v.id)
                    then v.number else 0 end,
               now()
        from media_issues i left join media_volumes v on v.id = i.volume_id
        where i.id = ${issueId}::uuid
        on conflict (user_id, media_id) do update
          set chapter = greatest(mp.chapter, excluded.chapter),
              volume = greatest(mp.volume, excluded.volume),
              updated_at = now()
          where mp.chapter < excluded.chapter or mp.volume < excluded.volume
        ${RETURNING}`,
  );
  return row;
}

/** The user's marks in a series (all 0 when none). */
export async function findMarks(db: Db, userId: string, mediaId: string): Promise<ProgressMarks> {
  const [row] = await queryParsed(
    db,
    MarksSchema,
    sql`select media_id as "mediaId", episode, volume, chapter from media_progress
        where user_id = ${userId}::uuid and media_id = ${mediaId}::uuid`,
  );
  return row ?? { mediaId, episode: 0, volume: 0, chapter: 0 };
}

const TagTargetSchema = z.object({
  kind: z.enum(MEDIA_KINDS),
  title: z.string(),
  hasEpisode: z.boolean(),
  hasVolume: z.boolean(),
  hasChapter: z.boolean(),
});
export type TagTarget = z.output<typeof TagTargetSchema>;

/** A series a spoiler tag names, and whether it has that episode, volume and chapter number. */
export async function findTagTarget(
  db: Db,
  mediaId: string,
  number: number,
): Promise<TagTarget | undefined> {
  const [row] = await queryParsed(
    db,
    TagTargetSchema,
    sql`select m.kind, m.title,
               exists (select 1 from media_episodes e where e.media_id = m.id and e.number = ${number}::int) as "hasEpisode",
               exists (select 1 from media_volumes v where v.media_id = m.id and v.number = ${number}::int) as "hasVolume",
               exists (select 1 from media_issues i where i.media_id = m.id and i.number = ${number}::int) as "hasChapter"
        from media m where m.id = ${mediaId}::uuid`,
  );
  return row;
}
