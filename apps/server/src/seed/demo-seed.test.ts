import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_COMMENT_TEXT, POST_TYPES, SYSTEM_USER_ID } from '@otakura/shared';
import { queryRows, type Database } from '../db/client';
import { spoilerCoveredSql } from '../db/spoiler-shield';
import { momentCoveredSql } from '../db/moment-shield';
import { LocalStorage } from '../storage/local-storage';
import { createTestDatabase } from '../test/db';
import { counterMismatches } from '../test/factories';
import { MEDIA } from './content';
import { DEMO_OWNED_VOLUME, MERCH_TAGS, MERCH_VOLUMES } from './demo-merch';
import { SPOILER_DEMO_EPISODE, SPOILER_DEMO_SHOW } from './demo-spoilers';
import { MOMENTS_DEMO_MANGA, MOMENTS_DEMO_SHOW } from './demo-moments';
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
    // 12, and the two series communities of the spoiler shield's demo (demo-spoilers.ts).
    expect(await count(sql`select 1 from communities`)).toBe(14);
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
    // Starlight Relay's two, and episodes 1–3 of Circuit Dojo (demo-spoilers.ts).
    expect(c.mediaWatchProgress).toBe(5);
    expect(c.mediaReadProgress).toBe(2);
    // 24, and the volumes on sale (demo-merch.ts).
    expect(await count(sql`select 1 from shop_items`)).toBe(24 + MERCH_VOLUMES.length);
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

  it('stores post images as post uploads are: 640/800 px (and wider) WebP with an AVIF beside each still one', async () => {
    const rows = await queryRows<{
      key: string;
      large_key: string | null;
      width: number;
      variants: Array<{ key: string; width: number; type: string }> | null;
      type: number;
    }>(
      database.db,
      sql`select pi.key, pi.large_key, pi.width, pi.variants, p.type
          from post_images pi join posts p on p.id = pi.post_id`,
    );
    expect(rows.length).toBe(result.counts.postImages);
    const stills = rows.filter((r) => r.type === POST_TYPES.image);
    expect(stills.length).toBeGreaterThan(0);
    const checked = new Set<string>();
    for (const r of stills) {
      expect(r.variants, r.key).not.toBeNull();
      const webp = r.variants!.filter((v) => v.type === 'image/webp');
      const avif = r.variants!.filter((v) => v.type === 'image/avif');
      expect(webp.map((v) => v.key)[0]).toBe(r.key);
      expect(webp.at(-1)!.key).toBe(r.large_key ?? r.key);
      // The seed's post art is 720–1024 px wide: 640, 800 and (above 800) its own width.
      expect(webp.map((v) => v.width)).toEqual(
        r.width > 800 ? [640, 800, r.width] : [640, Math.min(800, r.width)],
      );
      expect(avif.map((v) => v.width)).toEqual(webp.map((v) => v.width));
      for (const v of avif.slice(0, 1)) {
        if (checked.has(v.key)) continue;
        checked.add(v.key);
        const got = await storage.get(v.key);
        expect(got!.info.contentType).toBe('image/avif');
        const chunks: Buffer[] = [];
        for await (const c of got!.body) chunks.push(c as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect([meta.format, meta.compression, meta.width]).toEqual(['heif', 'av1', v.width]);
      }
    }
  });

  it("gives two series their own community, where the spoiler shield covers some of the demo account's posts and not others", async () => {
    const [demo] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where email = ${DEMO_EMAIL}`,
    );
    const series = await queryRows<{ title: string; community: string | null; member: boolean }>(
      database.db,
      sql`select m.title, c.name as community,
                 exists (select 1 from community_members cm where cm.community_id = c.id and cm.user_id = ${demo!.id}::uuid) as member
          from media m left join communities c on c.id = m.community_id
          where m.community_id is not null order by m.title`,
    );
    expect(series).toEqual([
      { title: SPOILER_DEMO_SHOW, community: SPOILER_DEMO_SHOW, member: true },
      { title: 'Lighthouse Letters', community: 'Lighthouse Letters', member: true },
    ]);
    expect(
      await queryRows(
        database.db,
        sql`select episode, volume, chapter from media_progress mp join media m on m.id = mp.media_id
            where mp.user_id = ${demo!.id}::uuid and m.title in (${SPOILER_DEMO_SHOW}, 'Lighthouse Letters')
            order by m.title`,
      ),
    ).toEqual([
      { episode: SPOILER_DEMO_EPISODE, volume: 0, chapter: 0 },
      { episode: 0, volume: 0, chapter: 1 },
    ]);
    const tagged = await queryRows<{ unit: string; number: number; covered: boolean }>(
      database.db,
      sql`select p.spoiler_unit as unit, p.spoiler_number as number,
                 ${spoilerCoveredSql('p', demo!.id)} as covered
          from posts p where p.spoiler_media_id is not null order by p.spoiler_unit, p.spoiler_number`,
    );
    expect(tagged).toEqual([
      { unit: 'chapter', number: 1, covered: false },
      { unit: 'episode', number: 2, covered: false },
      { unit: 'episode', number: 5, covered: true },
      { unit: 'episode', number: 7, covered: true },
      { unit: 'volume', number: 2, covered: true },
    ]);
    expect(await count(sql`select 1 from comments where spoiler_media_id is not null`)).toBe(2);
  });

  it('pins comments to moments and pages, one at 0:12 of a first episode, some covered for the demo account', async () => {
    const [demo] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where email = ${DEMO_EMAIL}`,
    );
    const rows = await queryRows<{
      title: string;
      unit: number;
      at: number | null;
      covered: boolean;
    }>(
      database.db,
      sql`select m.title, coalesce(e.number, i.number) as unit, coalesce(c.at_seconds, c.page)::float8 as at,
                 ${momentCoveredSql('c', demo!.id)} as covered
            from comments c join media m on m.id = c.media_id
            left join media_episodes e on e.id = c.episode_id
            left join media_issues i on i.id = c.issue_id
           where c.episode_id is not null or c.issue_id is not null`,
    );
    const of = (title: string, unit: number) =>
      rows.filter((r) => r.title === title && r.unit === unit);
    expect(of(MOMENTS_DEMO_SHOW, 1).filter((r) => r.at === 12)).toHaveLength(2);
    expect(of(MOMENTS_DEMO_SHOW, 1).length).toBeGreaterThanOrEqual(5);
    // Episode 1 watched: nothing covered; episode 2 under way: the early moments show, the late not.
    expect(of(MOMENTS_DEMO_SHOW, 1).every((r) => !r.covered)).toBe(true);
    expect(of(MOMENTS_DEMO_SHOW, 2).some((r) => r.covered)).toBe(true);
    expect(of(MOMENTS_DEMO_SHOW, 2).some((r) => !r.covered)).toBe(true);
    expect(of(SPOILER_DEMO_SHOW, 5).every((r) => r.covered)).toBe(true);
    expect(of(MOMENTS_DEMO_MANGA, 1).every((r) => !r.covered)).toBe(true);
    expect(of(MOMENTS_DEMO_MANGA, 2).some((r) => r.covered)).toBe(true);
    expect(await counterMismatches({ database })).toEqual([]);
  });

  it('puts merch on the series: tagged items, volumes on sale with their cover, one owned privately by the demo account', async () => {
    const tagged = await queryRows<{ item: string; series: string | null; communities: string[] }>(
      database.db,
      sql`select s.name as item, m.title as series,
            coalesce((select json_agg(c.name order by c.name) from shop_item_communities sc
              join communities c on c.id = sc.community_id where sc.item_id = s.id), '[]'::json) as communities
          from shop_items s left join media m on m.id = s.media_id
          where s.media_id is not null or exists (select 1 from shop_item_communities sc where sc.item_id = s.id)
          order by s.name`,
    );
    const volumeNames = MERCH_VOLUMES.map((v) => `${v.series} Vol. ${v.number}`);
    expect(tagged.map((r) => r.item).sort()).toEqual(
      [...MERCH_TAGS.map((t) => t.item), ...volumeNames].sort(),
    );
    for (const t of MERCH_TAGS)
      expect(tagged.find((r) => r.item === t.item)).toEqual({
        item: t.item,
        series: t.series,
        communities: [...t.communities].sort(),
      });
    // Each volume item IS its volume, pictured by the volume's own cover.
    const volumes = await queryRows<{ name: string; number: number; same: boolean }>(
      database.db,
      sql`select s.name, v.number, s.image_key = v.cover_key and v.media_id = s.media_id as same
          from shop_items s join media_volumes v on v.id = s.media_volume_id order by s.name`,
    );
    expect(volumes.map((v) => v.name)).toEqual([...volumeNames].sort());
    expect(volumes.every((v) => v.same)).toBe(true);
    // The series' community (Lighthouse Letters has one) shows the series' items on its shelf.
    const [shelf] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from shop_items s join media m on m.id = s.media_id
          join communities c on c.id = m.community_id where m.title = 'Lighthouse Letters'`,
    );
    expect(shelf!.n).toBe(3);
    const owned = await queryRows<{
      title: string;
      number: number;
      paid: boolean;
      shown: boolean | null;
    }>(
      database.db,
      sql`select m.title, v.number, o.status = 'paid' and o.user_id = ov.user_id as paid,
            (select us.show_owned_volumes from user_settings us where us.user_id = ov.user_id) as shown
          from owned_volumes ov join media_volumes v on v.id = ov.volume_id join media m on m.id = ov.media_id
          join orders o on o.id = ov.order_id join users u on u.id = ov.user_id
          where u.email = ${DEMO_EMAIL}`,
    );
    expect(owned).toEqual([
      {
        title: DEMO_OWNED_VOLUME.series,
        number: DEMO_OWNED_VOLUME.number,
        paid: true,
        // Never set: private by default.
        shown: null,
      },
    ]);
    expect(await count(sql`select 1 from owned_volumes`)).toBe(1);
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
          where w.user_id = ${demo!.id}::uuid
            and w.media_id not in (select id from media where title = ${SPOILER_DEMO_SHOW})
          order by e.number`,
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

describe('seedDemo: moderation, audit log and notifications (issue 09)', () => {
  it('makes the staff accounts with the demo password, their grants in the audit log', async () => {
    expect(result.staff).toEqual([
      { email: 'admin@otakura.local', role: 'admin' },
      { email: 'moderator@otakura.local', role: 'moderator' },
    ]);
    for (const { email, role } of result.staff) {
      const [row] = await queryRows<{ id: string; role: string; email_verified: boolean }>(
        database.db,
        sql`select id, role, email_verified from users where email = ${email}`,
      );
      expect(row).toMatchObject({ role, email_verified: true });
      const [account] = await queryRows<{ password: string }>(
        database.db,
        sql`select password from accounts where user_id = ${row!.id}::uuid and provider_id = 'credential'`,
      );
      expect(await verifyPassword({ hash: account!.password, password: DEMO_PASSWORD })).toBe(true);
      expect(
        await count(
          sql`select 1 from audit_log where action = 'role.grant' and subject_id = ${row!.id}::uuid and details->>'role' = ${role}`,
        ),
      ).toBe(1);
    }
    expect(result.counts.staff).toBe(2);
  });

  it('fills the queue: comments (one on media), two posts, a user and a shop item, one reported thrice, one overdue', async () => {
    const cases = await queryRows<{
      target_type: string;
      media: boolean;
      reporters: number;
      first_hours: number;
      reasons: number;
    }>(
      database.db,
      sql`select target_type, bool_or(media_id is not null) as media, count(*)::int as reporters,
            extract(epoch from now() - min(created_at)) / 3600 as first_hours,
            count(distinct reason)::int as reasons
          from reports where status = 'open' group by target_type, target_id`,
    );
    expect(cases.length).toBe(result.counts.openCases);
    const ofType = (t: string) => cases.filter((c) => c.target_type === t);
    expect(ofType('comment').length).toBeGreaterThanOrEqual(3);
    expect(ofType('comment').some((c) => c.media)).toBe(true);
    expect(ofType('post')).toHaveLength(2);
    expect(ofType('user')).toHaveLength(1);
    expect(ofType('shop_item')).toHaveLength(1);
    expect(cases.some((c) => c.reporters === 3)).toBe(true);
    expect(cases.filter((c) => Number(c.first_hours) > 24)).toHaveLength(1);
    expect(
      await count(sql`select distinct reason from reports where status = 'open'`),
    ).toBeGreaterThanOrEqual(4);
    expect(
      await count(sql`select 1 from reports where reason = 'other' and details is not null`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(sql`select 1 from reports where details is not null and reason <> 'other'`),
    ).toBe(0);
    // Nobody reports their own content, and a report is never older than what it is about.
    expect(await count(sql`select 1 from reports where reporter_id = author_id`)).toBe(0);
    expect(
      await count(
        sql`select 1 from reports r join comments c on c.id = r.target_id
            where r.target_type = 'comment' and (r.created_at < c.created_at or (r.status = 'open' and c.body <> r.snapshot))`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select 1 from reports r join posts p on p.id = r.target_id
            where r.target_type = 'post' and (r.created_at < p.created_at or p.deleted_at is not null)`,
      ),
    ).toBe(0);
    expect(await count(sql`select 1 from reports`)).toBe(result.counts.reports);
  });

  it('closes a few cases with resolutions by staff, each with its audit line and the notices it sent', async () => {
    const closed = await queryRows<{
      target_type: string;
      target_id: string;
      status: string;
      resolution_action: string;
      resolution_reason: string | null;
      resolver_role: string;
    }>(
      database.db,
      sql`select distinct r.target_type, r.target_id::text, r.status, r.resolution_action, r.resolution_reason, u.role as resolver_role
          from reports r join users u on u.id = r.resolved_by_id where r.status <> 'open'`,
    );
    expect(closed.map((c) => c.resolution_action).sort()).toEqual(['dismiss', 'remove', 'warn']);
    expect(
      await count(sql`select 1 from reports where status <> 'open' and resolved_by_id is null`),
    ).toBe(0);
    const auditOf = { dismiss: 'report.dismiss', remove: 'content.remove', warn: 'user.warn' };
    for (const c of closed) {
      expect(['moderator', 'admin']).toContain(c.resolver_role);
      expect(c.status).toBe(c.resolution_action === 'dismiss' ? 'dismissed' : 'resolved');
      expect(c.resolution_reason).toBeTruthy();
      expect(
        await count(
          sql`select 1 from audit_log where action = ${auditOf[c.resolution_action as keyof typeof auditOf]}
              and target_id = ${c.target_id}::uuid and reason = ${c.resolution_reason}`,
        ),
      ).toBe(1);
    }
    const removed = closed.find((c) => c.resolution_action === 'remove')!;
    expect(removed.target_type).toBe('comment');
    const [tomb] = await queryRows<{ body: string; user_id: string; deleted_at: Date | null }>(
      database.db,
      sql`select body, user_id, deleted_at from comments where id = ${removed.target_id}::uuid`,
    );
    expect(tomb).toMatchObject({ body: DELETED_COMMENT_TEXT, user_id: SYSTEM_USER_ID });
    expect(tomb!.deleted_at).not.toBeNull();
    expect(await count(sql`select 1 from audit_log`)).toBe(result.counts.auditLog);
  });

  it('gives the demo account grouped likes, a follow group, a comment, a reply, its report’s outcome and an order paid', async () => {
    const [demo] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where email = ${DEMO_EMAIL}`,
    );
    const rows = await queryRows<{
      id: string;
      type: string;
      subtype: string | null;
      group_key: string;
      target_id: string | null;
      actor_count: number;
      actors: number;
      read: boolean;
      reason: string | null;
      excerpt: string | null;
    }>(
      database.db,
      sql`select n.id, n.type, n.subtype, n.group_key, n.target_id::text, n.actor_count, n.read_at is not null as read,
            n.reason, n.excerpt,
            (select count(*)::int from notification_actors a where a.notification_id = n.id) as actors
          from notifications n where n.user_id = ${demo!.id}::uuid`,
    );
    const kinds = rows.map((r) => `${r.type}/${r.subtype ?? ''}`).sort();
    expect(kinds).toEqual(
      [
        'comment/',
        'follow/',
        'like/post',
        'like/post',
        'moderation/report_actioned',
        'order/paid',
        'reply/',
      ].sort(),
    );
    // actor_count is the actors' rows everywhere (the notifier's rule).
    expect(
      await count(
        sql`select 1 from notifications n where n.actor_count <> (select count(*) from notification_actors a where a.notification_id = n.id)`,
      ),
    ).toBe(0);
    const likes = rows.filter((r) => r.type === 'like');
    expect(likes.filter((r) => !r.read)).toHaveLength(1);
    for (const l of likes) {
      expect(l.actor_count).toBeGreaterThanOrEqual(3);
      expect(l.group_key).toBe(`like:post:${l.target_id}`);
      // Its actors are people who like the post.
      expect(
        await count(
          sql`select 1 from notification_actors a where a.notification_id = ${l.id}::uuid
              and not exists (select 1 from post_likes pl where pl.post_id = ${l.target_id}::uuid and pl.user_id = a.actor_id)`,
        ),
      ).toBe(0);
    }
    const follow = rows.find((r) => r.type === 'follow')!;
    expect(follow.actor_count).toBeGreaterThanOrEqual(2);
    expect(
      await count(
        sql`select 1 from notification_actors a where a.notification_id = ${follow.id}::uuid
            and not exists (select 1 from user_follows f where f.followee_id = ${demo!.id}::uuid and f.follower_id = a.actor_id)`,
      ),
    ).toBe(0);
    expect(rows.find((r) => r.type === 'moderation')!.reason).toBeTruthy();
    const order = rows.find((r) => r.type === 'order')!;
    const [paid] = await queryRows<{
      status: string;
      user_id: string;
      total_cents: number;
      lines: number;
    }>(
      database.db,
      sql`select status, user_id::text, total_cents, (select count(*)::int from order_items i where i.order_id = o.id) as lines
          from orders o where id = ${order.target_id}::uuid`,
    );
    expect(paid).toMatchObject({ status: 'paid', user_id: demo!.id, lines: 1 });
    expect(await count(sql`select 1 from notifications`)).toBe(result.counts.notifications);
    expect(await count(sql`select 1 from notification_actors`)).toBe(
      result.counts.notificationActors,
    );
    expect(await count(sql`select 1 from orders`)).toBe(result.counts.orders);
  });
});
