/**
 * Statements per request of the hot read endpoints for a signed-in user on a warm session
 * cache. The auth part must cost nothing; the figures are the budget of each endpoint today —
 * a change that adds a statement fails here and must say why (docs/auth.md, "Session cache").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheOf } from '../modules/auth/session-cache';
import { buildTestApp, type TestApp } from './app';
import {
  createComment,
  createCommunity,
  createPost,
  createShopItem,
  createUser,
  followUser,
  joinCommunity,
  type TestUser,
} from './factories';
import { queryCounter } from './query-count';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let viewer: TestUser;
let author: TestUser;
let communityId: string;
let postId: string;
let shopItemId: string;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  author = await createUser(t);
  const community = await createCommunity(t);
  communityId = community.id;
  await joinCommunity(t, viewer.user.id, communityId);
  await followUser(t, viewer.user.id, author.user.id);
  const post = await createPost(t, { userId: author.user.id, communityId });
  postId = post.id;
  await createComment(t, { postId, userId: viewer.user.id });
  shopItemId = (await createShopItem(t, { sellerId: author.user.id })).id;
});
afterAll(async () => {
  await t?.close();
});

/** One GET through `app.inject` as `user`: its status and the statements it sent. */
async function countGet(url: string, user: TestUser | null = viewer) {
  const { result, statements } = await queryCounter(t.database).during(() =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} }),
  );
  return { status: result.statusCode, statements };
}

describe('queryCounter', () => {
  it('counts each statement once, transactions included', async () => {
    const counter = queryCounter(t.database);
    const one = await counter.during(() => t.database.db.execute(sql`select 1`));
    expect(one.statements).toHaveLength(1);
    const tx = await counter.during(() =>
      t.database.db.transaction(async (q) => {
        await q.execute(sql`select 1`);
        await q.execute(sql`select 2`);
      }),
    );
    // BEGIN, two selects, COMMIT.
    expect(tx.statements.map((s) => s.trim().split(/\s+/)[0]!.toLowerCase())).toEqual([
      'begin',
      'select',
      'select',
      'commit',
    ]);
    const none = await counter.during(async () => 1);
    expect(none.statements).toEqual([]);
  });
});

describe('statements per hot read, signed in, warm session cache', () => {
  const endpoints = () => ({
    'feed all': '/api/feed?tab=all',
    'feed following': '/api/feed?tab=following',
    'post detail': `/api/posts/${postId}`,
    comments: `/api/posts/${postId}/comments`,
    profile: `/api/users/${author.user.id}`,
    'community page': `/api/communities/${communityId}`,
    'community posts': `/api/communities/${communityId}/posts`,
    'media list': '/api/media',
    'shop list': '/api/shop/items',
    'shop item': `/api/shop/items/${shopItemId}`,
  });

  it('the session costs 0 statements once cached (2 when not)', async () => {
    const cache = sessionCacheOf(t.ctx.auth)!;
    const url = '/api/feed?tab=all';
    cache.enabled = false;
    const uncached = await countGet(url);
    cache.enabled = true;
    await countGet(url); // fills the cache
    const warm = await countGet(url);
    expect([uncached.status, warm.status]).toEqual([200, 200]);
    expect(uncached.statements.length - warm.statements.length).toBe(2);
    expect(warm.statements.some((s) => /"sessions"/.test(s))).toBe(false);
    expect(warm.statements.some((s) => /from "users" where "users"."id" = \$1/i.test(s))).toBe(
      false,
    );
  });

  it('per endpoint', async () => {
    const counts: Record<string, number> = {};
    for (const [name, url] of Object.entries(endpoints())) {
      await countGet(url); // warm the session and anything else cached
      const { status, statements } = await countGet(url);
      expect(status, `${name} ${url}`).toBe(200);
      expect(
        statements.filter((s) => /"sessions"/.test(s)),
        name,
      ).toEqual([]);
      counts[name] = statements.length;
    }
    console.info('statements per request (warm):', counts);
    // The budget today; lower it when a join or a cache removes one.
    // Issue 10 folded the existence, visibility and follow/membership checks into the page's
    // statement (docs/performance.md); a post's images are a second read only for image posts.
    // The page cache (lib/page-cache.ts) answers a repeated profile, community page, media and
    // shop list page, shop item and comments page: 0 (the shop's pages and the comments: for a
    // viewer who blocks nobody).
    expect(counts).toEqual({
      'feed all': 1,
      'feed following': 1,
      'post detail': 1,
      comments: 0,
      profile: 0,
      'community page': 0,
      'community posts': 1,
      'media list': 0,
      'shop list': 0,
      'shop item': 0,
    });
  });
});
