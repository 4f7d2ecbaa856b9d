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
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
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
});
