/**
 * A post's or media entry's comments in the page cache (lib/page-cache.ts, migration 0017): a
 * repeated page comes from it, each viewer with their own likes and reports; every change of what
 * the page shows — through a route, or written straight into the database — reaches the next
 * answer; a viewer who blocks someone, and a page with a pinned or spoiler-tagged comment, are
 * never answered from it. Both passes (PGlite's LISTEN; PostgreSQL's through the live bus), and
 * two servers on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommentPageSchema, type CommentPage } from '@otakura/shared';
import { comments, posts, reports, userBlocks, users } from '../../db/schema';
import { addEpisode } from '../media/media.test-helpers';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createMedia,
  createPost,
  createUser,
  withCookie,
  type TestHttp,
  type TestUser,
} from '../../test/factories';
import { buildSharedDbApps, type SharedDbApps } from '../../test/shared-db-apps';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Far below the cache's TTL (60 s): passing proves the NOTIFY carried the change, not the clock. */
const POLL = { timeout: 10_000, interval: 5 };

async function page(http: TestHttp, path: string): Promise<CommentPage> {
  const res = await http(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return CommentPageSchema.parse(await res.json());
}

/** What a viewer sees of each comment: id, body, likes, own like, own report, author's name. */
const view = (p: CommentPage) =>
  p.items.map((c) => [c.id, c.body, c.likeCount, c.likedByMe, c.reportedByMe, c.author.name]);

describe('the comments cache', () => {
  let t: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    author = await createUser(t, { name: 'Aki Author' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function postWithComments(n = 3) {
    const post = await createPost(t, { userId: author.user.id });
    const made = [];
    for (let i = 0; i < n; i++)
      made.push(await createComment(t, { userId: author.user.id, postId: post.id, body: `c${i}` }));
    return { post, ids: made.map((c) => c.id), path: `/api/posts/${post.id}/comments` };
  }

  it('answers a repeat from the cache, each viewer with their own likes and reports', async () => {
    const cache = t.ctx.pages.comments;
    const { post, ids, path } = await postWithComments();
    const [a, b] = [await createUser(t), await createUser(t)];
    expect(view(await page(a.http, path))).toEqual([
      [ids[0], 'c0', 0, false, false, 'Aki Author'],
      [ids[1], 'c1', 0, false, false, 'Aki Author'],
      [ids[2], 'c2', 0, false, false, 'Aki Author'],
    ]);
    const hits = cache.stats.hits;
    const [first, second] = [await a.http(path), await a.http(path)];
    expect(cache.stats.hits).toBe(hits + 2);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(await first.text());

    // A like through the route: the liker's next read has it, another viewer the count only.
    // The route drops the post's pages itself before it answers (plugins/page-cache.ts, the
    // comment's post looked up), so this holds on PostgreSQL, where the NOTIFY may come a
    // moment after the answer; on PGlite the NOTIFY comes with the commit and drops them again.
    const drop = vi.spyOn(cache, 'drop');
    expect((await a.http(`/api/comments/${ids[0]}/like`, { method: 'PUT' })).status).toBe(200);
    const drops = drop.mock.calls.filter(([id]) => id === post.id).length;
    drop.mockRestore();
    expect(drops).toBeGreaterThanOrEqual(t.ctx.database.kind === 'pglite' ? 2 : 1);
    expect(view(await page(a.http, path))[0]).toEqual([ids[0], 'c0', 1, true, false, 'Aki Author']);
    expect(view(await page(b.http, path))[0]).toEqual([
      ids[0],
      'c0',
      1,
      false,
      false,
      'Aki Author',
    ]);

    // A report through the route: only the reporter's page shows it, and both stay cached.
    const reported = await b.http(`/api/comments/${ids[1]}/report`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    expect(reported.status).toBe(201);
    expect(view(await page(b.http, path))[1]![4]).toBe(true);
    expect(view(await page(a.http, path))[1]![4]).toBe(false);
    const again = cache.stats.hits;
    await page(a.http, path);
    await page(b.http, path);
    expect(cache.stats.hits).toBe(again + 2);

    // A new comment through the route.
    const created = await a.http(path, { method: 'POST', json: { body: 'fresh one' } });
    expect(created.status).toBe(201);
    expect((await page(b.http, path)).items.map((c) => c.body)).toEqual([
      'c0',
      'c1',
      'c2',
      'fresh one',
    ]);
  });

  it('changes written straight into the database reach the cached page', async () => {
    const { post, ids, path } = await postWithComments(2);
    const viewer = await createUser(t);
    const db = t.ctx.database.db;
    const read = async () => view(await page(viewer.http, path));
    await read();
    await read(); // cached now

    // A comment inserted (as a bulk load would), then an edit.
    await createComment(t, { userId: viewer.user.id, postId: post.id, body: 'from SQL' });
    await expect.poll(async () => (await read()).length, POLL).toBe(3);
    await db.update(comments).set({ body: 'edited in SQL' }).where(eq(comments.id, ids[0]!));
    await expect.poll(async () => (await read())[0]![1], POLL).toBe('edited in SQL');

    // The author's name (shown on every comment they wrote).
    await db.update(users).set({ name: 'Aki Renamed' }).where(eq(users.id, author.user.id));
    await expect.poll(async () => (await read())[1]![5], POLL).toBe('Aki Renamed');
    await db.update(users).set({ name: 'Aki Author' }).where(eq(users.id, author.user.id));

    // A report written by the moderation tools' import, say.
    await db.insert(reports).values({
      targetType: 'comment',
      targetId: ids[1]!,
      reporterId: viewer.user.id,
      authorId: author.user.id,
      snapshot: 'c1',
      reason: 'spam',
      postId: post.id,
    });
    await expect.poll(async () => (await read())[1]![4], POLL).toBe(true);

    // The post removed: its comments answer 404 from then on.
    await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    await expect.poll(async () => (await viewer.http(path)).status, POLL).toBe(404);
  });

  it('drops every page of a post at once, and only that post', async () => {
    const cache = t.ctx.pages.comments;
    const one = await postWithComments(3);
    const other = await postWithComments(1);
    const viewer = await createUser(t);
    const first = await page(viewer.http, `${one.path}?limit=2`);
    expect(first.nextCursor).not.toBeNull();
    const secondPath = `${one.path}?limit=2&cursor=${first.nextCursor}`;
    expect((await page(viewer.http, secondPath)).items.map((c) => c.body)).toEqual(['c2']);
    await page(viewer.http, other.path);
    const hits = cache.stats.hits;
    await page(viewer.http, `${one.path}?limit=2`);
    await page(viewer.http, secondPath);
    await page(viewer.http, other.path);
    expect(cache.stats.hits).toBe(hits + 3);

    // A like on the last comment (written as the route writes it: the counter moves).
    await t.ctx.database.db
      .update(comments)
      .set({ likeCount: 7 })
      .where(eq(comments.id, one.ids[2]!));
    await expect
      .poll(async () => (await page(viewer.http, secondPath)).items[0]!.likeCount, POLL)
      .toBe(7);
    // The other post's page stayed: a hit.
    const after = cache.stats.hits;
    await page(viewer.http, other.path);
    expect(cache.stats.hits).toBe(after + 1);
  });

  it('an id in upper case is cached under the id the database names', async () => {
    const { post, path } = await postWithComments(1);
    const viewer = await createUser(t);
    const upper = path.replace(post.id, post.id.toUpperCase());
    await page(viewer.http, upper);
    await page(viewer.http, upper);
    await t.ctx.database.db
      .update(comments)
      .set({ body: 'moved' })
      .where(eq(comments.postId, post.id));
    await expect
      .poll(async () => (await page(viewer.http, upper)).items[0]!.body, POLL)
      .toBe('moved');
  });

  it('never answers a viewer who blocks someone from the shared page; a new block reaches it', async () => {
    const cache = t.ctx.pages.comments;
    const { post, path } = await postWithComments(1);
    const troll = await createUser(t);
    await createComment(t, { userId: troll.user.id, postId: post.id, body: 'troll' });
    const blocker = await createUser(t);
    const bodies = async () => (await page(blocker.http, path)).items.map((c) => c.body);
    expect(await bodies()).toEqual(['c0', 'troll']);
    expect(await bodies()).toEqual(['c0', 'troll']); // cached for them now

    await t.ctx.database.db
      .insert(userBlocks)
      .values({ blockerId: blocker.user.id, blockedId: troll.user.id });
    await expect.poll(bodies, POLL).toEqual(['c0']);
    const hits = cache.stats.hits;
    expect(await bodies()).toEqual(['c0']);
    expect(cache.stats.hits).toBe(hits);
    // Others still see both, from the cache after their first read.
    const other = await createUser(t);
    expect((await page(other.http, path)).items).toHaveLength(2);

    // Unblocked through the route: back, at once.
    expect(
      (await blocker.http(`/api/users/${troll.user.id}/block`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect(await bodies()).toEqual(['c0', 'troll']);
  });

  it('keeps no page with a pinned or spoiler-tagged comment (each viewer sees their own cover)', async () => {
    const cache = t.ctx.pages.comments;
    const series = await createMedia(t.ctx);
    const episode = await addEpisode(t, series.id, 1);
    const db = t.ctx.database.db;
    await db.insert(comments).values({
      userId: author.user.id,
      mediaId: series.id,
      body: 'at the twist',
      episodeId: episode.id,
      atSeconds: 30,
    });
    const post = await createPost(t, { userId: author.user.id });
    await db.insert(comments).values({
      userId: author.user.id,
      postId: post.id,
      body: 'the ending!',
      spoilerMediaId: series.id,
      spoilerUnit: 'episode',
      spoilerNumber: 1,
    });
    const viewer = await createUser(t);
    for (const path of [`/api/media/${series.id}/comments`, `/api/posts/${post.id}/comments`]) {
      const before = { hits: cache.stats.hits, size: cache.size };
      const [c] = (await page(viewer.http, path)).items;
      expect(c!.body).toBe(''); // covered for a viewer who has not watched
      await page(viewer.http, path);
      expect({ hits: cache.stats.hits, size: cache.size }).toEqual(before);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the comments cache across two servers', () => {
  let shared: SharedDbApps;

  beforeAll(async () => {
    shared = await buildSharedDbApps(2);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('a like and a comment on A reach the page B has cached', async () => {
    const [a, b] = shared.apps as [TestApp, TestApp];
    const author = await createUser(a);
    const fan = await createUser(a);
    const post = await createPost(a, { userId: author.user.id });
    const c = await createComment(a, { userId: author.user.id, postId: post.id });
    const path = `/api/posts/${post.id}/comments`;
    const onB = withCookie(b, fan.cookie);
    for (let i = 0; i < 2; i++) await page(onB, path);
    expect(b.ctx.pages.comments.stats.hits).toBeGreaterThan(0);

    expect((await fan.http(`/api/comments/${c.id}/like`, { method: 'PUT' })).status).toBe(200);
    await expect
      .poll(async () => {
        const [first] = (await page(onB, path)).items;
        return [first?.likeCount, first?.likedByMe];
      }, POLL)
      .toEqual([1, true]);
    expect((await fan.http(path, { method: 'POST', json: { body: 'on A' } })).status).toBe(201);
    await expect.poll(async () => (await page(onB, path)).items.length, POLL).toBe(2);
  });
});
