/**
 * Comments pinned to a moment in the demo world (issue 12, docs/moments.md), written after the
 * media library: moments spread through the episodes of two video series (one at 0:12 of
 * Starlight Relay's first episode), comments about whole episodes, comments on manga pages and
 * chapters, so the player shows markers and a list, the reader counts per page, and the ends
 * say "Discuss ep 1 (n)" / "Discuss vol 1 (n)".
 *
 * Against the demo account's progress (Starlight Relay: episode 1 watched, 40 % into episode 2;
 * Circuit Dojo: episodes 1–3 watched; Lighthouse Letters: chapter 1 finished, page 4 of chapter
 * 2), the late moments of episode 2, those of Circuit Dojo's episode 5 and the comments on the
 * later pages of chapter 2 arrive covered, so the shield of moments is visible right away.
 * `media.comment_count` moves with the rows, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { comments } from '../db/schema';
import { newId } from '../lib/ids';

/** The series whose first episode has the moment at 0:12 (the e2e journey opens it). */
export const MOMENTS_DEMO_SHOW = 'Starlight Relay';
export const MOMENTS_DEMO_SHOW_2 = 'Circuit Dojo';
export const MOMENTS_DEMO_MANGA = 'Lighthouse Letters';

/** A moment: seconds into the episode (null: about the whole episode) and what was said. */
type Moment = [at: number | null, body: string];
/** A comment on a page of a chapter (null: about the whole chapter). */
type PageNote = [page: number | null, body: string];

/** Episode number → its moments; times past a short clip's end are pulled inside it. */
const EPISODE_MOMENTS: Record<string, Record<number, Moment[]>> = {
  [MOMENTS_DEMO_SHOW]: {
    1: [
      [3, 'That opening shot of the relay tower already sold me on this show.'],
      [12, 'The baton pass at 0:12 is animated on ones. Look at the sleeves!'],
      [12, 'Rewound this three times. The colour shift when the signal lands is gorgeous.'],
      [21, 'The music drops out right here and it hits so hard.'],
      [30, 'Captain Ren smiling for once, mark the date.'],
      [null, 'Such a strong first episode. The pacing never lets up.'],
      [null, 'Came for the space race, stayed for the found family.'],
    ],
    2: [
      [5, 'The cold open with the station lights going out one by one…'],
      [10, 'Mina’s “we run anyway” line is going to be a meme.'],
      [25, 'WAIT. The relay was rigged from the start?!'],
      [31, 'That last look between Ren and the rival pilot. Chills.'],
      [null, 'Episode 2 raised the stakes so much. Can’t wait for 3.'],
    ],
    3: [
      [8, 'The training montage is pure joy.'],
      [18, 'Background art in this hangar scene deserves an award.'],
    ],
  },
  [MOMENTS_DEMO_SHOW_2]: {
    1: [
      [4, 'The dojo’s oil-stained floor says everything about these people.'],
      [15, 'Sensei’s entrance. Iconic.'],
      [null, 'A quiet start, but it earns everything that comes later.'],
    ],
    2: [[9, 'Cleaning the floor before training: the whole show in one scene.']],
    5: [
      [6, 'Kenji burning out his servos right here… I can’t.'],
      [20, 'The forfeit. I did not see it coming at all.'],
      [null, 'Episode 5 is the best of the season, no contest.'],
    ],
  },
};

/** Chapter number → its page notes. */
const MANGA_NOTES: Record<number, PageNote[]> = {
  1: [
    [1, 'That cover! The lighthouse in the fog is framed perfectly.'],
    [3, 'The first letter arriving under the door gave me goosebumps.'],
    [3, 'Love how the panel borders turn into waves on this page.'],
    [5, 'The keeper’s handwriting is a clue, I’m sure of it.'],
    [null, 'A perfect first chapter. Quiet and eerie in the best way.'],
  ],
  2: [
    [2, 'The storm spread on this page is breathtaking.'],
    [4, 'The postman’s hat! Same as in the harbour flashback.'],
    [6, 'So the letters were written before the storm?!'],
    [null, 'Chapter 2 changes how you read everything in chapter 1.'],
  ],
};

export interface MomentsSeedInput {
  db: Db;
  now: Date;
  /** Everyone but the demo account; comments are spread among them. */
  peopleIds: readonly string[];
}

export interface MomentsSeedCounts {
  /** Pinned comments written (all of them media comments). */
  comments: number;
}

interface EpisodeRow extends Record<string, unknown> {
  mediaId: string;
  title: string;
  id: string;
  number: number;
  durationSeconds: number | null;
  createdAt: Date | string;
}

interface IssueRow extends Record<string, unknown> {
  mediaId: string;
  id: string;
  number: number;
  pageCount: number;
}

/** Writes the planned pinned comments and raises the series' comment counts to match. */
export async function seedMomentsWorld(input: MomentsSeedInput): Promise<MomentsSeedCounts> {
  const { db, now, peopleIds } = input;
  if (peopleIds.length < 3) throw new Error('seedMomentsWorld needs at least three people');
  const titles = Object.keys(EPISODE_MOMENTS);
  const episodes = await queryRows<EpisodeRow>(
    db,
    sql`select m.id as "mediaId", m.title, e.id, e.number, e.duration_seconds as "durationSeconds",
               e.created_at as "createdAt"
          from media m join media_episodes e on e.media_id = m.id
         where m.title in (${sql.join(
           titles.map((t) => sql`${t}`),
           sql`, `,
         )})`,
  );
  const issues = await queryRows<IssueRow>(
    db,
    sql`select m.id as "mediaId", i.id, i.number,
               (select count(*) from media_pages p where p.issue_id = i.id)::int as "pageCount"
          from media m join media_issues i on i.media_id = m.id
         where m.title = ${MOMENTS_DEMO_MANGA}`,
  );
  if (!episodes.length || !issues.length) {
    throw new Error('seedMomentsWorld needs the demo media library');
  }

  const rows: (typeof comments.$inferInsert)[] = [];
  let n = 0;
  const author = () => peopleIds[n++ % peopleIds.length]!;
  // Spread over the last two days, oldest first in plan order, never before the episode.
  const stamp = (index: number, notBefore: Date) =>
    new Date(
      Math.max(now.getTime() - (48 - index * 0.7) * 3_600_000, notBefore.getTime() + 60_000),
    );

  for (const [title, byEpisode] of Object.entries(EPISODE_MOMENTS)) {
    for (const [number, moments] of Object.entries(byEpisode)) {
      const episode = episodes.find((e) => e.title === title && e.number === Number(number));
      if (!episode) throw new Error(`seedMomentsWorld: ${title} has no episode ${number}`);
      const end = Math.max(1, (episode.durationSeconds ?? 60) - 1);
      for (const [at, body] of moments) {
        rows.push({
          id: newId(),
          mediaId: episode.mediaId,
          userId: author(),
          body,
          episodeId: episode.id,
          atSeconds: at === null ? null : Math.min(at, end),
          createdAt: stamp(rows.length, new Date(episode.createdAt)),
        });
      }
    }
  }
  for (const [number, notes] of Object.entries(MANGA_NOTES)) {
    const issue = issues.find((i) => i.number === Number(number));
    if (!issue) throw new Error(`seedMomentsWorld: ${MOMENTS_DEMO_MANGA} has no chapter ${number}`);
    for (const [page, body] of notes) {
      rows.push({
        id: newId(),
        mediaId: issue.mediaId,
        userId: author(),
        body,
        issueId: issue.id,
        page: page === null ? null : Math.min(page, Math.max(1, issue.pageCount)),
        createdAt: stamp(rows.length, new Date(0)),
      });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(comments).values(rows);
    const touched = [...new Set(rows.map((r) => r.mediaId!))];
    await tx.execute(
      sql`update media m set comment_count = (select count(*) from comments c where c.media_id = m.id)
           where m.id in (${sql.join(
             touched.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
    );
  });
  return { comments: rows.length };
}
