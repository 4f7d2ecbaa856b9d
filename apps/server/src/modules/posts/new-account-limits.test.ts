/** Anti-spam for new accounts (docs/moderation.md), through POST /api/posts over real HTTP. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createCommunity,
  createPost,
  createUser,
  type TestUser,
} from '../../test/factories';
import { expectApiError, sendPost, writePost } from '../../test/post-factories';
import { NEW_ACCOUNT_AGE_MS, postHasLink } from './new-account-limits';

let t: TestApp;
let communityId: string;

beforeAll(async () => {
  t = await buildTestApp();
  communityId = (await createCommunity(t)).id;
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** An account that signed up `ageMs` ago. */
const account = (ageMs: number, emailVerified = true) =>
  createUser(t, { createdAt: new Date(Date.now() - ageMs), emailVerified });

async function postsOf(who: TestUser) {
  return t.database.db.select().from(posts).where(eq(posts.userId, who.user.id));
}

describe('posts per hour of a new account', () => {
  it(`refuses the 6th post in an hour of an account younger than a day (429), creating nothing`, async () => {
    expect(t.config.newAccountPostsPerHour).toBe(5);
    const fresh = await account(2 * 60 * 60 * 1000);
    for (let i = 1; i <= 5; i++) await writePost(fresh.http, { communityId, title: `Post ${i}` });
    const res = await sendPost(fresh.http, { communityId, title: 'Post 6' });
    await expectApiError(res, 429, 'new_account_post_limit');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const rows = await postsOf(fresh);
    expect(rows.map((r) => r.title).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `Post ${i}`));
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('counts a rolling hour: posts older than an hour leave room, deleted ones still count', async () => {
    const fresh = await account(3 * 60 * 60 * 1000);
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    for (let i = 0; i < 5; i++)
      await createPost(t, { userId: fresh.user.id, communityId, createdAt: hourAgo });
    for (let i = 0; i < 4; i++) await writePost(fresh.http, { communityId });
    const deleted = await writePost(fresh.http, { communityId });
    expect((await fresh.http(`/api/posts/${deleted.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectApiError(
      await sendPost(fresh.http, { communityId }),
      429,
      'new_account_post_limit',
    );
  });

  it('does not limit an account older than a day', async () => {
    const old = await account(NEW_ACCOUNT_AGE_MS + 60_000);
    for (let i = 1; i <= 7; i++) await writePost(old.http, { communityId, title: `Old ${i}` });
    expect(await postsOf(old)).toHaveLength(7);
  });
});

describe('links from a new account', () => {
  const link = 'http://127.0.0.1:9/nothing-here';

  it('refuses links until the email is verified (403), creating nothing', async () => {
    const unverified = await account(60_000, false);
    for (const input of [
      { url: link },
      { body: `see https://example.com/page` },
      { title: 'HTTP://EXAMPLE.ORG is great' },
    ]) {
      await expectApiError(
        await sendPost(unverified.http, { communityId, ...input }),
        403,
        'new_account_links_need_verification',
      );
    }
    expect(await postsOf(unverified)).toEqual([]);
    // Text without a link is fine.
    await writePost(unverified.http, { communityId, body: 'example.com without a scheme' });
    expect(await postsOf(unverified)).toHaveLength(1);
  });

  it('lets a verified new account, and an unverified old one, post links', async () => {
    const verified = await account(60_000, true);
    const post = await writePost(verified.http, { communityId, url: link });
    expect(post.link?.url).toBe(link);
    const oldUnverified = await account(2 * DAY, false);
    await writePost(oldUnverified.http, { communityId, body: 'read https://example.com/x' });
    expect(await postsOf(oldUnverified)).toHaveLength(1);
  });

  it('postHasLink: URL posts and http(s):// in the title or body', () => {
    expect(postHasLink({ title: 'a', url: 'https://x.example' })).toBe(true);
    expect(postHasLink({ title: 'a', body: 'go to http://x.example' })).toBe(true);
    expect(postHasLink({ title: 'see https://x.example' })).toBe(true);
    expect(postHasLink({ title: 'ftp://x.example or x.example', body: 'nothing' })).toBe(false);
  });
});
