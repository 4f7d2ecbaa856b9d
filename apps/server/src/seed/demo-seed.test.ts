import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TYPES, SYSTEM_USER_ID } from '@otakura/shared';
import { queryRows, type Database } from '../db/client';
import { LocalStorage } from '../storage/local-storage';
import { createTestDatabase } from '../test/db';
import { counterMismatches } from '../test/factories';
import { MEDIA } from './content';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  EPISODE_CLIPS,
  isDatabaseEmpty,
  seedDemo,
  type SeedDemoResult,
} from './demo-seed';

let database: Database;
let storage: LocalStorage;
let dir: string;
let result: SeedDemoResult;
let wasEmpty: boolean;

const count = async (query: ReturnType<typeof sql>) =>
  Number(
    (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (${query}) q`)
    )[0]!.n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'otakura-seed-'));
  storage = new LocalStorage(dir);
  wasEmpty = await isDatabaseEmpty(database.db);
  result = await seedDemo({ db: database.db, storage });
}, 300_000);

afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('only fills an empty database', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    await expect(seedDemo({ db: database.db, storage })).rejects.toThrow(/empty database/);
  });

  it('writes the promised counts, and the counts it reports are the rows', async () => {
    const c = result.counts;
    expect(result.demoEmail).toBe(DEMO_EMAIL);
    expect(result.demoPassword).toBe(DEMO_PASSWORD);
    expect(await count(sql`select 1 from users where id <> ${SYSTEM_USER_ID}::uuid`)).toBe(c.users);
    expect(c.users).toBeGreaterThanOrEqual(20);
    expect(await count(sql`select 1 from communities`)).toBe(12);
    expect(await count(sql`select 1 from community_members`)).toBe(c.communityMembers);
    expect(await count(sql`select 1 from user_follows`)).toBe(c.follows);
    expect(await count(sql`select 1 from posts`)).toBe(c.posts);
    expect(c.posts).toBeGreaterThanOrEqual(300);
    expect(await count(sql`select 1 from post_likes`)).toBe(c.postLikes);
    expect(await count(sql`select 1 from comments`)).toBe(c.comments);
    expect(await count(sql`select 1 from comments where reply_to_id is not null`)).toBe(c.replies);
    expect(c.replies).toBeGreaterThan(0);
    expect(await count(sql`select 1 from comment_likes`)).toBe(c.commentLikes);
    expect(await count(sql`select 1 from media`)).toBe(10);
    expect(await count(sql`select 1 from media_episodes`)).toBe(c.mediaEpisodes);
    expect(await count(sql`select 1 from media_volumes`)).toBe(c.mediaVolumes);
    expect(await count(sql`select 1 from media_issues`)).toBe(c.mediaIssues);
    expect(await count(sql`select 1 from media_pages`)).toBe(c.mediaPages);
    expect(await count(sql`select 1 from media_likes`)).toBe(c.mediaLikes);
    expect(await count(sql`select 1 from media_views`)).toBe(c.mediaViews);
    expect(await count(sql`select 1 from media_watch_progress`)).toBe(c.mediaWatchProgress);
    expect(await count(sql`select 1 from media_read_progress`)).toBe(c.mediaReadProgress);
    expect(c.mediaWatchProgress).toBe(2);
    expect(c.mediaReadProgress).toBe(2);
    expect(await count(sql`select 1 from shop_items`)).toBe(24);
    expect(await count(sql`select 1 from shop_likes`)).toBe(c.shopLikes);
    expect(c.shopLikes).toBeGreaterThan(0);
    expect(await count(sql`select 1 from link_previews`)).toBe(c.linkPreviews);
  });

  it('has posts of every type, spread over about 60 days', async () => {
    for (const type of Object.values(POST_TYPES)) {
      expect(await count(sql`select 1 from posts where type = ${type}`)).toBeGreaterThan(0);
    }
    const [span] = await queryRows<{ days: number }>(
      database.db,
      sql`select extract(epoch from max(created_at) - min(created_at)) / 86400 as days from posts`,
    );
    expect(Number(span!.days)).toBeGreaterThan(45);
    expect(Number(span!.days)).toBeLessThanOrEqual(61);
  });

  it('gives image posts 1 to 5 images with sizes and placeholders, and multi-image posts', async () => {
    const rows = await queryRows<{ n: number; type: number }>(
      database.db,
      sql`select p.type, count(i.*)::int as n from posts p left join post_images i on i.post_id = p.id group by p.id, p.type`,
    );
    for (const r of rows) {
      if (r.type === POST_TYPES.image) expect(r.n).toBeGreaterThanOrEqual(1);
      else if (r.type === POST_TYPES.gif) expect(r.n).toBe(1);
      else expect(r.n).toBe(0);
      expect(r.n).toBeLessThanOrEqual(5);
    }
    expect(rows.filter((r) => r.n >= 2).length).toBe(result.counts.multiImagePosts);
    expect(rows.some((r) => r.n >= 5)).toBe(true);
    expect(
      await count(
        sql`select 1 from post_images where width <= 0 or height <= 0 or placeholder is null`,
      ),
    ).toBe(0);
  });

  it('gives video posts a stored video and thumbnail, and link posts a cached preview', async () => {
    expect(
      await count(
        sql`select 1 from posts where type = 2 and (video_key is null or thumbnail_key is null or video_width is null)`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select distinct video_key from posts where type = 2`),
    ).toBeLessThanOrEqual(4);
    expect(
      await count(
        sql`select 1 from posts p where type = 5 and not exists (select 1 from link_previews l where l.url = p.url and l.image_key = p.url_image_key)`,
      ),
    ).toBe(0);
  });

  it('keeps every counter equal to its rows', async () => {
    expect(await counterMismatches({ database })).toEqual([]);
    expect(
      await count(
        sql`select 1 from media m where m.view_count <> (select count(*) from media_views v where v.media_id = m.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select 1 from media m where m.like_count <> (select count(*) from media_likes l where l.media_id = m.id)
            or m.comment_count <> (select count(*) from comments c where c.media_id = m.id)`,
      ),
    ).toBe(0);
  });

  it('lets the demo account sign in and see a complete profile', async () => {
    const [demo] = await queryRows<{
      id: string;
      email_verified: boolean;
      bio: string | null;
      birthday: string | null;
      birth_date: string | null;
      profile_image_key: string | null;
      banner_image_key: string | null;
    }>(database.db, sql`select * from users where email = ${DEMO_EMAIL}`);
    expect(demo).toMatchObject({ email_verified: true });
    expect(demo!.bio).toBeTruthy();
    expect(demo!.birthday).toMatch(/^[A-Z][a-z]+ \d{2}, \d{4}$/);
    expect(demo!.birth_date).toBeTruthy();
    expect(demo!.profile_image_key).toMatch(
      new RegExp(`^user-profile-images/${demo!.id}/.+-640\\.webp$`),
    );
    expect(demo!.banner_image_key).toMatch(
      new RegExp(`^user-profile-images/${demo!.id}/.+-1280\\.webp$`),
    );
    const [account] = await queryRows<{
      account_id: string;
      provider_id: string;
      password: string;
    }>(database.db, sql`select * from accounts where user_id = ${demo!.id}::uuid`);
    expect(account).toMatchObject({ account_id: demo!.id, provider_id: 'credential' });
    expect(await verifyPassword({ hash: account!.password, password: DEMO_PASSWORD })).toBe(true);
    expect(
      await count(sql`select 1 from community_members where user_id = ${demo!.id}::uuid`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select 1 from user_follows where followee_id = ${demo!.id}::uuid`),
    ).toBeGreaterThan(0);
  });

  it('stores every referenced file, in the owner’s folder', async () => {
    const keys = await queryRows<{ key: string; owner: string | null }>(
      database.db,
      sql`select i.key, p.user_id::text as owner from post_images i join posts p on p.id = i.post_id
          union select i.large_key, p.user_id::text from post_images i join posts p on p.id = i.post_id where i.large_key is not null
          union select video_key, user_id::text from posts where video_key is not null
          union select thumbnail_key, user_id::text from posts where thumbnail_key is not null
          union select profile_image_key, id::text from users where profile_image_key is not null
          union select banner_image_key, id::text from users where banner_image_key is not null
          union select image_key, null from communities union select thumbnail_key, null from communities
          union select image_key, null from media union select banner_key, null from media
          union select video_key, null from media_episodes union select cover_key, null from media_volumes
          union select image_key, null from media_pages union select image_key, null from shop_items
          union select image_key, null from link_previews`,
    );
    expect(keys.length).toBeGreaterThan(150);
    for (const { key, owner } of keys) {
      expect(await storage.head(key), key).not.toBeNull();
      if (owner) expect(key.split('/')[1], key).toBe(owner);
    }
    // Recorded sizes match the stored pictures.
    const [img] = await queryRows<{
      key: string;
      width: number;
      height: number;
      large_key: string | null;
    }>(
      database.db,
      sql`select key, large_key, width, height from post_images where large_key is not null limit 1`,
    );
    const got = await storage.get(img!.large_key!);
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height]).toEqual([img!.width, img!.height]);
  });

  it('gives every media entry 3–6 keywords, searchable, and its reading direction', async () => {
    const rows = await queryRows<{
      title: string;
      kind: string;
      keywords: string[];
      reading_direction: string;
      search_text: string;
    }>(
      database.db,
      sql`select title, kind, keywords, reading_direction, search_text from media order by title`,
    );
    expect(rows).toHaveLength(MEDIA.length);
    for (const r of rows) {
      const content = MEDIA.find((m) => m.title === r.title)!;
      expect(r.keywords, r.title).toEqual([...content.keywords]);
      expect(r.keywords.length, r.title).toBeGreaterThanOrEqual(3);
      expect(r.keywords.length, r.title).toBeLessThanOrEqual(6);
      expect(r.reading_direction, r.title).toBe(r.kind === 'manga' ? 'rtl' : 'ltr');
      for (const k of r.keywords) expect(r.search_text).toContain(k);
    }
    // A Japanese title finds its series through the generated search text.
    const found = await queryRows<{ title: string }>(
      database.db,
      sql`select title from media where search_text ilike ${'%灯台%'}`,
    );
    expect(found.map((r) => r.title)).toEqual(['Lighthouse Letters']);
  });

  it('points every episode at a stored clip of 30 s or more, released on its own date', async () => {
    const episodes = await queryRows<{
      media_id: string;
      number: number;
      video_key: string;
      thumbnail_key: string;
      duration_seconds: number;
      created_at: Date;
      media_created_at: Date;
    }>(
      database.db,
      sql`select e.media_id, e.number, e.video_key, e.thumbnail_key, e.duration_seconds, e.created_at,
                 m.created_at as media_created_at
          from media_episodes e join media m on m.id = e.media_id
          order by e.created_at desc`,
    );
    expect(episodes.length).toBe(result.counts.mediaEpisodes);
    const durations = new Set(EPISODE_CLIPS.map((c) => c.durationSeconds));
    for (const e of episodes) {
      expect(e.duration_seconds).toBeGreaterThanOrEqual(30);
      expect(durations.has(e.duration_seconds)).toBe(true);
      expect(e.video_key).toMatch(/^media\/videos\/.+\.mp4$/);
      const video = await storage.head(e.video_key);
      expect(video, e.video_key).not.toBeNull();
      expect(await storage.head(e.thumbnail_key), e.thumbnail_key).not.toBeNull();
      expect(new Date(e.created_at).getTime()).toBeGreaterThan(
        new Date(e.media_created_at).getTime(),
      );
    }
    // Every episode has its own date, later episodes of a series later.
    const times = episodes.map((e) => new Date(e.created_at).getTime());
    expect(new Set(times).size).toBe(times.length);
    for (const a of episodes)
      for (const b of episodes)
        if (a.media_id === b.media_id && a.number < b.number)
          expect(new Date(a.created_at).getTime()).toBeLessThan(new Date(b.created_at).getTime());
    // Newest first, the series interleave: the latest four come from more than one series,
    // and the newest is within the last week.
    expect(new Set(episodes.slice(0, 4).map((e) => e.media_id)).size).toBeGreaterThan(1);
    expect(Date.now() - new Date(episodes[0]!.created_at).getTime()).toBeLessThan(7 * 86_400_000);
  });

  it('stores every page of every issue as its own picture with its size, one spread per manga issue', async () => {
    const pages = await queryRows<{
      kind: string;
      issue_id: string;
      page_number: number;
      image_key: string;
      width: number | null;
      height: number | null;
    }>(
      database.db,
      sql`select m.kind, p.issue_id, p.page_number, p.image_key, p.width, p.height
          from media_pages p join media_issues i on i.id = p.issue_id join media m on m.id = i.media_id
          order by p.issue_id, p.page_number`,
    );
    expect(pages.length).toBe(result.counts.mediaPages);
    expect(new Set(pages.map((p) => p.image_key)).size).toBe(pages.length);
    const byIssue = new Map<string, typeof pages>();
    for (const p of pages) byIssue.set(p.issue_id, [...(byIssue.get(p.issue_id) ?? []), p]);
    expect(byIssue.size).toBe(result.counts.mediaIssues);
    for (const [issueId, list] of byIssue) {
      expect(list.map((p) => p.page_number)).toEqual(list.map((_, i) => i + 1));
      expect(list.length, issueId).toBeGreaterThanOrEqual(8);
      expect(list.length, issueId).toBeLessThanOrEqual(14);
      const landscape = list.filter((p) => p.width! > p.height!);
      // A manga issue has one double-page spread (about twice a page's width), not as page 1.
      if (list[0]!.kind === 'manga') {
        expect(landscape, issueId).toHaveLength(1);
        expect(landscape[0]!.page_number).toBeGreaterThan(1);
        const portrait = list.find((p) => p.height! > p.width!)!;
        const ratio = (p: { width: number | null; height: number | null }) => p.width! / p.height!;
        expect(ratio(landscape[0]!) / ratio(portrait)).toBeGreaterThan(1.8);
      } else expect(landscape, issueId).toHaveLength(0);
    }
    for (const p of pages) {
      expect(p.width, p.image_key).toBeGreaterThan(0);
      expect(p.width!).toBeLessThanOrEqual(1280);
      const got = await storage.get(p.image_key);
      expect(got, p.image_key).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of got!.body) chunks.push(c as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect([meta.format, meta.width, meta.height], p.image_key).toEqual([
        'webp',
        p.width,
        p.height,
      ]);
    }
  });

  it('gives the demo account progress: an episode watched, one under way, an issue read, one open', async () => {
    const [demo] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where email = ${DEMO_EMAIL}`,
    );
    const watch = await queryRows<{
      media_id: string;
      number: number;
      position_seconds: number;
      duration_seconds: number;
      watched: boolean;
    }>(
      database.db,
      sql`select w.media_id, e.number, w.position_seconds, e.duration_seconds, w.watched
          from media_watch_progress w join media_episodes e on e.id = w.episode_id and e.media_id = w.media_id
          where w.user_id = ${demo!.id}::uuid order by e.number`,
    );
    expect(watch.map((w) => [w.number, w.watched])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(watch[0]!.media_id).toBe(watch[1]!.media_id);
    expect(watch[0]!.position_seconds).toBe(watch[0]!.duration_seconds);
    expect(watch[1]!.position_seconds / watch[1]!.duration_seconds).toBeCloseTo(0.4, 1);
    // Watching counted a view of each, as the player would.
    expect(
      await count(
        sql`select 1 from media_views v join media_watch_progress w on w.episode_id = v.episode_id and w.user_id = v.user_id
            where v.user_id = ${demo!.id}::uuid`,
      ),
    ).toBeGreaterThanOrEqual(2);

    const read = await queryRows<{
      kind: string;
      media_id: string;
      number: number;
      page: number;
      finished: boolean;
      pages: number;
    }>(
      database.db,
      sql`select m.kind, r.media_id, i.number, r.page, r.finished,
                 (select count(*) from media_pages p where p.issue_id = i.id)::int as pages
          from media_read_progress r join media_issues i on i.id = r.issue_id and i.media_id = r.media_id
          join media m on m.id = r.media_id
          where r.user_id = ${demo!.id}::uuid order by i.number`,
    );
    expect(read.map((r) => [r.kind, r.number, r.finished])).toEqual([
      ['manga', 1, true],
      ['manga', 2, false],
    ]);
    expect(read[0]!.media_id).toBe(read[1]!.media_id);
    expect(read[0]!.page).toBe(read[0]!.pages);
    expect(read[1]!.page).toBe(4);
  });

  it('counts at most one view per user per episode per hour, after the episode came out', async () => {
    expect(
      await count(
        sql`select 1 from media_views a join media_views b
              on a.user_id = b.user_id and a.episode_id = b.episode_id and a.id < b.id
            where abs(extract(epoch from a.created_at - b.created_at)) < 3600`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select 1 from media_views v join media_episodes e on e.id = v.episode_id where v.created_at < e.created_at`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select 1 from media_views where episode_id is not null`),
    ).toBeGreaterThan(50);
  });
});
