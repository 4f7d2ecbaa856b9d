/**
 * The page cache in the running app (lib/page-cache.ts, plugins/page-cache.ts): the community
 * page, the profile, the media list and the shop list come from it on a repeat, and every change of the row —
 * through a route, or written straight into the database as a CLI or a bulk load would —
 * reaches the next answer.
 * Runs in both passes (PGlite's LISTEN; PostgreSQL's, through the live bus), and across two
 * servers on PostgreSQL, with the PostgreSQL bus and with the Redis bus (then the cache's own LISTEN).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CommunitySchema,
  MediaListPageSchema,
  PublicProfileSchema,
  ShopItemPageSchema,
} from '@otakura/shared';
import { communities, media, shopItems, userBlocks, users } from '../db/schema';
import { addEpisode } from '../modules/media/media.test-helpers';
import { buildTestApp, type TestApp } from '../test/app';
import {
  createCommunity,
  createMedia,
  createShopItem,
  createUser,
  withCookie,
  type TestHttp,
} from '../test/factories';
import { REDIS_TEST_URL, uniqueRedisPrefix } from '../test/redis';
import { buildSharedDbApps, type SharedDbApps } from '../test/shared-db-apps';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Far below the cache's TTL (60 s): passing proves the NOTIFY carried the change, not the clock. */
const WITHIN_MS = 10_000;

async function getJson<T>(http: TestHttp, path: string, schema: { parse(v: unknown): T }) {
  const res = await http(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
}

/** For `expect.poll`: a NOTIFY takes a moment to arrive on PostgreSQL. */
const POLL = { timeout: WITHIN_MS, interval: 5 };

describe('the page cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeated community page from the cache, each viewer with their own membership', async () => {
    const pages = t.ctx.pages.communities;
    expect(pages.ttlMs).toBeGreaterThan(WITHIN_MS * 2);
    const c = await createCommunity(t.ctx);
    const a = await createUser(t);
    const b = await createUser(t);
    const path = `/api/communities/${c.id}`;
    expect((await getJson(a.http, path, CommunitySchema)).isMember).toBe(false);
    const hits = pages.stats.hits;
    expect((await getJson(a.http, path, CommunitySchema)).isMember).toBe(false);
    expect(pages.stats.hits).toBe(hits + 1);

    // A follows through the route: A's very next read shows it, B's too (the count moved).
    // The route drops the page itself before it answers (plugins/page-cache.ts), so this holds
    // on PostgreSQL too, where the NOTIFY may come a moment after the answer; on PGlite the
    // NOTIFY is delivered with the commit, so it drops the page a second time.
    const drop = vi.spyOn(pages, 'drop');
    expect((await a.http(`${path}/membership`, { method: 'PUT' })).status).toBe(200);
    const drops = drop.mock.calls.filter(([id]) => id === c.id).length;
    drop.mockRestore();
    expect(drops).toBeGreaterThanOrEqual(t.ctx.database.kind === 'pglite' ? 2 : 1);
    const mine = await getJson(a.http, path, CommunitySchema);
    expect({ isMember: mine.isMember, memberCount: mine.memberCount }).toEqual({
      isMember: true,
      memberCount: 1,
    });
    const theirs = await getJson(b.http, path, CommunitySchema);
    expect({ isMember: theirs.isMember, memberCount: theirs.memberCount }).toEqual({
      isMember: false,
      memberCount: 1,
    });
    expect((await a.http(`${path}/membership`, { method: 'DELETE' })).status).toBe(200);
    expect((await getJson(a.http, path, CommunitySchema)).memberCount).toBe(0);
  });

  it('a change written straight into the database reaches the next community page', async () => {
    const c = await createCommunity(t.ctx, { about: 'Before' });
    const viewer = await createUser(t);
    const path = `/api/communities/${c.id}`;
    await getJson(viewer.http, path, CommunitySchema);
    await getJson(viewer.http, path, CommunitySchema); // cached now
    await t.ctx.database.db
      .update(communities)
      .set({ about: 'After', postCount: 7 })
      .where(eq(communities.id, c.id));
    await expect
      .poll(async () => {
        const v = await getJson(viewer.http, path, CommunitySchema);
        return { about: v.about, postCount: v.postCount };
      }, POLL)
      .toEqual({ about: 'After', postCount: 7 });

    // The series whose own community it is, linked afterwards (migration 0014's media triggers).
    const series = await createMedia(t.ctx, { communityId: c.id, title: 'Linked Series' });
    await expect
      .poll(async () => (await getJson(viewer.http, path, CommunitySchema)).series, POLL)
      .toEqual({ id: series.id, title: 'Linked Series', kind: 'video' });
  });

  it('answers a repeated profile from the cache; follows and direct edits reach it', async () => {
    const pages = t.ctx.pages.users;
    const author = await createUser(t);
    const fan = await createUser(t);
    const path = `/api/users/${author.user.id}`;
    await getJson(fan.http, path, PublicProfileSchema);
    const hits = pages.stats.hits;
    const again = await getJson(fan.http, path, PublicProfileSchema);
    expect(pages.stats.hits).toBe(hits + 1);
    expect({ isFollowing: again.isFollowing, isSelf: again.isSelf }).toEqual({
      isFollowing: false,
      isSelf: false,
    });
    const self = await getJson(author.http, path, PublicProfileSchema);
    expect({ isFollowing: self.isFollowing, isSelf: self.isSelf }).toEqual({
      isFollowing: false,
      isSelf: true,
    });

    expect((await fan.http(`${path}/follow`, { method: 'PUT' })).status).toBe(200);
    const followed = await getJson(fan.http, path, PublicProfileSchema);
    expect({ isFollowing: followed.isFollowing, followers: followed.followerCount }).toEqual({
      isFollowing: true,
      followers: 1,
    });
    // The follower's own profile counts the follow too.
    const fanPage = await getJson(author.http, `/api/users/${fan.user.id}`, PublicProfileSchema);
    expect(fanPage.followingCount).toBe(1);

    await t.ctx.database.db
      .update(users)
      .set({ bio: 'Edited by hand' })
      .where(eq(users.id, author.user.id));
    await expect
      .poll(async () => (await getJson(fan.http, path, PublicProfileSchema)).bio, POLL)
      .toBe('Edited by hand');

    // A ban hides the profile at once (the row changed: never answered from the cache again).
    await t.ctx.database.db.update(users).set({ banned: true }).where(eq(users.id, author.user.id));
    await expect.poll(async () => (await fan.http(path)).status, POLL).toBe(404);
  });

  it('answers a repeated media list page from the cache; likes, views, units and edits reach it', async () => {
    const pages = t.ctx.pages.media;
    const viewer = await createUser(t);
    const other = await createUser(t);
    const word = `cachelist${Date.now().toString(36)}`;
    const entry = await createMedia(t.ctx, { title: `${word} One` });
    const path = `/api/media?q=${word}`;
    const list = async (http = viewer.http) =>
      (await getJson(http, path, MediaListPageSchema)).items;
    expect((await list()).map((m) => m.id)).toEqual([entry.id]);
    const hits = pages.stats.hits;
    expect((await list(other.http)).map((m) => m.id)).toEqual([entry.id]); // any viewer's page
    expect(pages.stats.hits).toBe(hits + 1);
    // Sent as the JSON that was stored: the same body and type as the answer that filled it.
    const [miss, hit] = [
      await viewer.http(`${path}&limit=5`),
      await viewer.http(`${path}&limit=5`),
    ];
    expect(pages.stats.hits).toBe(hits + 2);
    expect(hit.headers.get('content-type')).toBe(miss.headers.get('content-type'));
    expect(hit.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await hit.text()).toBe(await miss.text());

    // A like through the route: the liker's very next read counts it (the route drops the list
    // before it answers, so this holds on PostgreSQL before the NOTIFY comes too).
    const drop = vi.spyOn(pages, 'drop');
    expect((await viewer.http(`/api/media/${entry.id}/like`, { method: 'PUT' })).status).toBe(200);
    const drops = drop.mock.calls.filter(([id]) => id === null).length;
    drop.mockRestore();
    expect(drops).toBeGreaterThanOrEqual(t.ctx.database.kind === 'pglite' ? 2 : 1);
    expect((await list())[0]?.likeCount).toBe(1);

    // Written straight into the database: a view count, an episode, a new entry, a new title.
    await list();
    await t.ctx.database.db.update(media).set({ viewCount: 41 }).where(eq(media.id, entry.id));
    await expect.poll(async () => (await list())[0]?.viewCount, POLL).toBe(41);
    await addEpisode(t.ctx, entry.id, 1);
    await expect.poll(async () => (await list())[0]?.episodeCount, POLL).toBe(1);
    const second = await createMedia(t.ctx, { title: `${word} Two` });
    await expect
      .poll(async () => (await list()).map((m) => m.id), POLL)
      .toEqual([entry.id, second.id]);
    await t.ctx.database.db
      .update(media)
      .set({ title: 'Renamed away' })
      .where(eq(media.id, second.id));
    await expect.poll(async () => (await list()).map((m) => m.id), POLL).toEqual([entry.id]);
  });

  it('answers a repeated shop list page from the cache, each viewer with their own likes', async () => {
    const pages = t.ctx.pages.shop;
    const seller = await createUser(t);
    const fan = await createUser(t);
    const other = await createUser(t);
    const word = `cacheshop${Date.now().toString(36)}`;
    const older = await createShopItem(t.ctx, { sellerId: seller.user.id, name: `${word} A` });
    const newer = await createShopItem(t.ctx, { sellerId: seller.user.id, name: `${word} B` });
    const path = `/api/shop/items?q=${word}`;
    const list = async (http = fan.http) => (await getJson(http, path, ShopItemPageSchema)).items;
    const view = (items: Awaited<ReturnType<typeof list>>) =>
      items.map((i) => [i.id, i.likeCount, i.likedByMe, i.quantity]);
    expect(view(await list())).toEqual([
      [newer.id, 0, false, 5],
      [older.id, 0, false, 5],
    ]);
    const hits = pages.stats.hits;
    await list();
    expect(pages.stats.hits).toBe(hits + 1);

    // A like through the route: the liker's next read has it, another viewer the count only.
    expect((await fan.http(`/api/shop/items/${older.id}/like`, { method: 'PUT' })).status).toBe(
      200,
    );
    expect(view(await list())).toEqual([
      [newer.id, 0, false, 5],
      [older.id, 1, true, 5],
    ]);
    expect(view(await list(other.http))).toEqual([
      [newer.id, 0, false, 5],
      [older.id, 1, false, 5],
    ]);
    const before = pages.stats.hits;
    const [first, second] = [await fan.http(path), await fan.http(path)];
    expect(pages.stats.hits).toBeGreaterThan(before); // from the cache
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(await first.text());

    // Stock written straight into the database (as a checkout or an expired order would).
    await t.ctx.database.db
      .update(shopItems)
      .set({ quantity: 0 })
      .where(eq(shopItems.id, newer.id));
    await expect
      .poll(async () => (await list()).map((i) => [i.quantity, i.soldOut]), POLL)
      .toEqual([
        [0, true],
        [5, false],
      ]);

    // A viewer who blocks someone is never answered from the shared page.
    const blocker = await createUser(t);
    await t.ctx.database.db
      .insert(userBlocks)
      .values({ blockerId: blocker.user.id, blockedId: seller.user.id });
    for (let i = 0; i < 2; i++) expect(await list(blocker.http)).toEqual([]);
    await t.ctx.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, blocker.user.id));
    await expect.poll(async () => (await list(blocker.http)).length, POLL).toBe(2);
  });

  it("a seller's ban reaches the cached shop list, and a ban that will end keeps it uncached", async () => {
    const pages = t.ctx.pages.shop;
    const seller = await createUser(t);
    const viewer = await createUser(t);
    const word = `banshop${Date.now().toString(36)}`;
    const item = await createShopItem(t.ctx, { sellerId: seller.user.id, name: `${word} Item` });
    const other = await createShopItem(t.ctx, { sellerId: viewer.user.id, name: `${word} Other` });
    const path = `/api/shop/items?q=${word}`;
    const ids = async () =>
      (await getJson(viewer.http, path, ShopItemPageSchema)).items.map((i) => i.id);
    expect(await ids()).toEqual([other.id, item.id]);
    expect(await ids()).toEqual([other.id, item.id]); // cached now

    // A ban with an end: the page leaves the seller out, and is not kept (no row changes when
    // the ban ends by itself).
    await t.ctx.database.db
      .update(users)
      .set({ banned: true, banExpires: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, seller.user.id));
    await expect.poll(ids, POLL).toEqual([other.id]);
    const hits = pages.stats.hits;
    expect(await ids()).toEqual([other.id]);
    expect(pages.stats.hits).toBe(hits);

    // The ban's end, written as time passing would make it: back in the list.
    await t.ctx.database.db
      .update(users)
      .set({ banExpires: new Date(Date.now() - 1_000) })
      .where(eq(users.id, seller.user.id));
    await expect.poll(ids, POLL).toEqual([other.id, item.id]);
  });

  it('a statement changing many rows drops every cached page of that table', async () => {
    const viewer = await createUser(t);
    const c = await createCommunity(t.ctx);
    await getJson(viewer.http, `/api/communities/${c.id}`, CommunitySchema);
    await getJson(viewer.http, `/api/communities/${c.id}`, CommunitySchema);
    expect(t.ctx.pages.communities.size).toBeGreaterThan(0);
    for (let i = 0; i < 101; i++) await createCommunity(t.ctx);
    await t.ctx.database.db.execute(sql`update communities set about = about || ''`);
    await expect.poll(() => t.ctx.pages.communities.size, POLL).toBe(0);
  });

  it('a TRUNCATE drops every cached page of the table it empties', async () => {
    const viewer = await createUser(t);
    const c = await createCommunity(t.ctx);
    await createMedia(t.ctx, { communityId: c.id });
    await getJson(viewer.http, `/api/communities/${c.id}`, CommunitySchema);
    await getJson(viewer.http, `/api/communities/${c.id}`, CommunitySchema);
    expect(t.ctx.pages.communities.size).toBeGreaterThan(0);
    await t.ctx.database.db.execute(sql`truncate media cascade`);
    await expect.poll(() => t.ctx.pages.communities.size, POLL).toBe(0);
    expect((await getJson(viewer.http, `/api/communities/${c.id}`, CommunitySchema)).series).toBe(
      null,
    );
  });
});

describe.runIf(process.env.DATABASE_URL)('the page cache across two servers', () => {
  let shared: SharedDbApps;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await buildSharedDbApps(2);
    [a, b] = shared.apps as [TestApp, TestApp];
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('a follow and a profile edit on A reach the pages B has cached', async () => {
    const c = await createCommunity(a.ctx);
    const author = await createUser(a);
    const fan = await createUser(a);
    const onB = withCookie(b, fan.cookie);
    const communityPath = `/api/communities/${c.id}`;
    const profilePath = `/api/users/${author.user.id}`;
    for (let i = 0; i < 2; i++) {
      await getJson(onB, communityPath, CommunitySchema);
      await getJson(onB, profilePath, PublicProfileSchema);
    }
    expect(b.ctx.pages.communities.stats.hits).toBeGreaterThan(0);
    expect(b.ctx.pages.users.stats.hits).toBeGreaterThan(0);

    expect((await fan.http(`${communityPath}/membership`, { method: 'PUT' })).status).toBe(200);
    expect((await fan.http(`${profilePath}/follow`, { method: 'PUT' })).status).toBe(200);
    const res = await author.http('/api/me/profile', {
      method: 'PATCH',
      json: { bio: 'Written on server A' },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    await expect
      .poll(async () => {
        const v = await getJson(onB, communityPath, CommunitySchema);
        return { isMember: v.isMember, members: v.memberCount };
      }, POLL)
      .toEqual({ isMember: true, members: 1 });
    await expect
      .poll(async () => {
        const v = await getJson(onB, profilePath, PublicProfileSchema);
        return { bio: v.bio, isFollowing: v.isFollowing, followers: v.followerCount };
      }, POLL)
      .toEqual({ bio: 'Written on server A', isFollowing: true, followers: 1 });
  });
  it('a like on A reaches the shop list B has cached', async () => {
    const seller = await createUser(a);
    const fan = await createUser(a);
    const word = `sharedshop${Date.now().toString(36)}`;
    const item = await createShopItem(a.ctx, { sellerId: seller.user.id, name: `${word} Item` });
    const onB = withCookie(b, fan.cookie);
    const path = `/api/shop/items?q=${word}`;
    for (let i = 0; i < 2; i++) await getJson(onB, path, ShopItemPageSchema);
    expect(b.ctx.pages.shop.stats.hits).toBeGreaterThan(0);
    expect((await fan.http(`/api/shop/items/${item.id}/like`, { method: 'PUT' })).status).toBe(200);
    await expect
      .poll(async () => {
        const [first] = (await getJson(onB, path, ShopItemPageSchema)).items;
        return [first?.likeCount, first?.likedByMe];
      }, POLL)
      .toEqual([1, true]);
  });

  it('a like and a title edit on A reach the media list B has cached', async () => {
    const word = `sharedlist${Date.now().toString(36)}`;
    const entry = await createMedia(a.ctx, { title: `${word} Entry` });
    const fan = await createUser(a);
    const onB = withCookie(b, fan.cookie);
    const path = `/api/media?q=${word}`;
    for (let i = 0; i < 2; i++) await getJson(onB, path, MediaListPageSchema);
    expect(b.ctx.pages.media.stats.hits).toBeGreaterThan(0);

    expect((await fan.http(`/api/media/${entry.id}/like`, { method: 'PUT' })).status).toBe(200);
    await expect
      .poll(async () => (await getJson(onB, path, MediaListPageSchema)).items[0]?.likeCount, POLL)
      .toBe(1);
    await a.ctx.database.db
      .update(media)
      .set({ title: `${word} Renamed` })
      .where(eq(media.id, entry.id));
    await expect
      .poll(async () => (await getJson(onB, path, MediaListPageSchema)).items[0]?.title, POLL)
      .toBe(`${word} Renamed`);
  });
});

describe.runIf(process.env.DATABASE_URL)('the page cache with the Redis live bus', () => {
  let shared: SharedDbApps;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await buildSharedDbApps(2, {
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      LIVE_BUS: 'redis',
    });
    [a, b] = shared.apps as [TestApp, TestApp];
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('listens to the database itself: a row changed on A reaches the page B has cached', async () => {
    expect(b.ctx.live.kind).toBe('redis'); // a bus that never sees the database's NOTIFYs
    const c = await createCommunity(a.ctx, { about: 'Before' });
    const viewer = await createUser(a);
    const onB = withCookie(b, viewer.cookie);
    const path = `/api/communities/${c.id}`;
    const pages = b.ctx.pages.communities;
    // Cached only once B's own LISTEN connection is up.
    const hits = pages.stats.hits;
    await expect
      .poll(async () => (await getJson(onB, path, CommunitySchema), pages.stats.hits), POLL)
      .toBeGreaterThan(hits);
    await a.ctx.database.db
      .update(communities)
      .set({ about: 'After' })
      .where(eq(communities.id, c.id));
    await expect
      .poll(async () => (await getJson(onB, path, CommunitySchema)).about, POLL)
      .toBe('After');
  });
});
