/**
 * The spoiler shield's part of the demo world (issue 12, docs/spoiler-shield.md), written after
 * the rest of the world: two series get their own community (named after the series, the demo
 * account a member, a few posts and comments, some of them spoiler-tagged), and everyone's
 * media_progress is set from the watch and read progress seeded before (the migration's
 * backfill ran on an empty database). The demo account has watched episodes 1–3 of Circuit Dojo
 * (7 episodes), so on its feed the "episode 5" post is covered ("… you're at ep 3") and the
 * "episode 2" one is not; in Lighthouse Letters it has finished chapter 1 only, so the
 * "volume 2" post is covered and the "chapter 1" one is not.
 *
 * The posts are recent (the last hours), so they open the demo account's feed. Counters (post,
 * member and comment counts) are moved in the same transaction, so they still equal the rows.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { comments, communities, communityMembers, mediaWatchProgress, posts } from '../db/schema';
import { newId } from '../lib/ids';
import type { Storage } from '../storage/storage';
import { communityArt } from './art';
import { storeArt } from './store';

/** The video series whose progress the demo account is at episode 3 of (it has 7). */
export const SPOILER_DEMO_SHOW = 'Circuit Dojo';
/** The manga whose chapter 1 the demo account has finished (2 volumes, chapters 1–5). */
export const SPOILER_DEMO_MANGA = 'Lighthouse Letters';
/** The episode the demo account has watched up to in SPOILER_DEMO_SHOW. */
export const SPOILER_DEMO_EPISODE = 3;

type Tag = { unit: 'episode' | 'volume' | 'chapter'; number: number } | null;

interface PlannedPost {
  title: string;
  body: string;
  tag: Tag;
  comments?: Array<{ body: string; tag: Tag }>;
}

const PLANS: Record<string, { about: string; posts: PlannedPost[] }> = {
  [SPOILER_DEMO_SHOW]: {
    about:
      'Everything Circuit Dojo: the matches, the repairs, the rivalries. Tag spoilers with their episode, so nobody meets a twist before the episode does.',
    posts: [
      {
        title: 'Episode 5 "Overclock" — that final round!',
        body: 'Kenji burning out his own servos to win the sparring match and then refusing the repair crew was the best scene of the season. I did NOT expect him to forfeit the tournament slot to Mirai afterwards.',
        tag: { unit: 'episode', number: 5 },
        comments: [
          {
            body: 'The forfeit made me cry. And the way Mirai fixes his arm in episode 6 without a word…',
            tag: { unit: 'episode', number: 6 },
          },
          { body: 'Best episode so far, no contest.', tag: null },
        ],
      },
      {
        title: 'Episode 2 thoughts: the dojo rules',
        body: 'Sensei making them clean the oil off the floor before any training is such a good way to show what the show is about. Fixing first, fighting second.',
        tag: { unit: 'episode', number: 2 },
      },
      {
        title: 'Episode 7 — Tournament Eve ending discussion',
        body: 'So the rival from the hangar was the sensei’s old student all along. Rewatching episode 4 with that in mind changes everything.',
        tag: { unit: 'episode', number: 7 },
      },
      {
        title: 'Which pilot are you rooting for?',
        body: 'No spoilers please, just vibes. I am team Mirai.',
        tag: null,
      },
    ],
  },
  [SPOILER_DEMO_MANGA]: {
    about:
      'Readers of Lighthouse Letters. Tag theories with the chapter or volume they spoil: letters arrive every full moon, spoilers should not.',
    posts: [
      {
        title: 'Volume 2 ending: who writes the letters?',
        body: 'The handwriting match in "The Postman Waits" settles it: the keeper has been writing them to herself since the storm. The whole first volume reads differently now.',
        tag: { unit: 'volume', number: 2 },
      },
      {
        title: 'Chapter 1 — the fog panels',
        body: 'The two-page spread of the envelope in the fog is gorgeous. The tone work on the lighthouse beam alone is worth the read.',
        tag: { unit: 'chapter', number: 1 },
        comments: [
          {
            body: 'Chapter 3 pays this spread off so well (the stamp!).',
            tag: { unit: 'chapter', number: 3 },
          },
        ],
      },
      {
        title: 'Reading order question',
        body: 'Is there any side story I should read before volume 2? No spoilers please.',
        tag: null,
      },
    ],
  },
};

export interface SpoilerSeedInput {
  db: Db;
  storage: Storage;
  now: Date;
  demoId: string;
  /** Ids of the demo people (authors and members), the demo account not among them. */
  peopleIds: readonly string[];
}

export interface SpoilerSeedCounts {
  communities: number;
  communityMembers: number;
  posts: number;
  comments: number;
  mediaWatchProgress: number;
  mediaProgress: number;
  images: number;
}

type SeriesRow = {
  id: string;
  title: string;
  kind: string;
};

/** Writes the spoiler shield's part of the demo world (see the module comment). */
export async function seedSpoilerWorld(input: SpoilerSeedInput): Promise<SpoilerSeedCounts> {
  const { db, storage, now, demoId, peopleIds } = input;
  if (peopleIds.length < 5) throw new Error('seedSpoilerWorld needs at least five people');
  const series = await queryRows<SeriesRow>(
    db,
    sql`select id, title, kind from media where title in (${SPOILER_DEMO_SHOW}, ${SPOILER_DEMO_MANGA})`,
  );
  const byTitle = new Map(series.map((s) => [s.title, s]));
  const show = byTitle.get(SPOILER_DEMO_SHOW);
  const manga = byTitle.get(SPOILER_DEMO_MANGA);
  if (!show || !manga) throw new Error('seedSpoilerWorld needs the demo media library');

  const planned = [show, manga].map((s) => ({ series: s, id: newId(), plan: PLANS[s.title]! }));
  const images = new Map<string, { key: string; w640Key: string }>();
  for (const c of planned) {
    const slug = c.series.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    images.set(
      c.id,
      await storeArt(
        storage,
        `communities/${c.id}`,
        await communityArt(`series-${slug}`, c.series.title, { size: 800 }),
        {},
      ),
    );
  }

  const counts: SpoilerSeedCounts = {
    communities: planned.length,
    communityMembers: 0,
    posts: 0,
    comments: 0,
    mediaWatchProgress: 0,
    mediaProgress: 0,
    images: images.size,
  };
  const hour = 3_600_000;
  await db.transaction(async (tx) => {
    let minutes = 20;
    for (const [i, c] of planned.entries()) {
      const image = images.get(c.id)!;
      const members = [demoId, ...peopleIds.slice(i, i + 4)];
      await tx.insert(communities).values({
        id: c.id,
        name: c.series.title,
        slug: `${c.series.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-fans`,
        about: c.plan.about,
        imageKey: image.key,
        thumbnailKey: image.w640Key,
        memberCount: members.length,
        postCount: c.plan.posts.length,
        createdAt: new Date(now.getTime() - 20 * 24 * hour),
      });
      await tx
        .insert(communityMembers)
        .values(members.map((userId) => ({ communityId: c.id, userId })));
      counts.communityMembers += members.length;
      await tx.execute(
        sql`update media set community_id = ${c.id}::uuid where id = ${c.series.id}::uuid`,
      );

      for (const [j, p] of c.plan.posts.entries()) {
        const postId = newId();
        const authorId = peopleIds[(i * 3 + j) % peopleIds.length]!;
        minutes += 35;
        const createdAt = new Date(now.getTime() - minutes * 60_000);
        await tx.insert(posts).values({
          id: postId,
          userId: authorId,
          communityId: c.id,
          type: 0,
          title: p.title,
          body: p.body,
          spoilerMediaId: p.tag ? c.series.id : null,
          spoilerUnit: p.tag?.unit ?? null,
          spoilerNumber: p.tag?.number ?? null,
          commentCount: p.comments?.length ?? 0,
          createdAt,
          updatedAt: createdAt,
        });
        await tx.execute(
          sql`update users set post_count = post_count + 1 where id = ${authorId}::uuid`,
        );
        counts.posts++;
        for (const [k, cm] of (p.comments ?? []).entries()) {
          await tx.insert(comments).values({
            postId,
            userId: peopleIds[(i * 3 + j + k + 1) % peopleIds.length]!,
            body: cm.body,
            spoilerMediaId: cm.tag ? c.series.id : null,
            spoilerUnit: cm.tag?.unit ?? null,
            spoilerNumber: cm.tag?.number ?? null,
            createdAt: new Date(createdAt.getTime() + (k + 1) * 5 * 60_000),
          });
          counts.comments++;
        }
      }
    }

    // The demo account watched episodes 1–3 of the show (as the player would have recorded).
    const episodes = await queryRows<{ id: string; number: number; duration: number | null }>(
      tx,
      sql`select id, number, duration_seconds as duration from media_episodes
          where media_id = ${show.id}::uuid and number <= ${SPOILER_DEMO_EPISODE} order by number`,
    );
    if (episodes.length !== SPOILER_DEMO_EPISODE)
      throw new Error(`${SPOILER_DEMO_SHOW} needs ${SPOILER_DEMO_EPISODE} episodes`);
    await tx.insert(mediaWatchProgress).values(
      episodes.map((e) => ({
        userId: demoId,
        episodeId: e.id,
        mediaId: show.id,
        positionSeconds: e.duration ?? 0,
        watched: true,
        updatedAt: new Date(now.getTime() - (5 - e.number) * 24 * hour),
      })),
    );
    counts.mediaWatchProgress = episodes.length;

    // Everyone's marks from the progress seeded so far (the rule of migration 0013's backfill).
    const progress = await queryRows<{ n: number }>(
      tx,
      sql`with marks as (
            select user_id, media_id, max(episode) as episode, max(volume) as volume, max(chapter) as chapter
            from (
              select wp.user_id, wp.media_id, e.number as episode, 0 as volume, 0 as chapter
              from media_watch_progress wp join media_episodes e on e.id = wp.episode_id
              where wp.watched
              union all
              select rp.user_id, rp.media_id, 0, 0, i.number
              from media_read_progress rp join media_issues i on i.id = rp.issue_id
              where rp.finished
              union all
              select rp.user_id, rp.media_id, 0, v.number, 0
              from media_read_progress rp
              join media_issues i on i.id = rp.issue_id
              join media_volumes v on v.id = i.volume_id
              where rp.finished
                and i.number = (select max(i2.number) from media_issues i2 where i2.volume_id = v.id)
            ) m group by user_id, media_id
          ), written as (
            insert into media_progress (user_id, media_id, episode, volume, chapter)
            select user_id, media_id, episode, volume, chapter from marks
            on conflict (user_id, media_id) do update
              set episode = greatest(media_progress.episode, excluded.episode),
                  volume = greatest(media_progress.volume, excluded.volume),
                  chapter = greatest(media_progress.chapter, excluded.chapter)
            returning 1
          )
          select count(*)::int as n from written`,
    );
    counts.mediaProgress = progress[0]?.n ?? 0;
  });
  return counts;
}
