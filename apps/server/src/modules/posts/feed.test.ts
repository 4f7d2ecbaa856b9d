import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostPageSchema, type PostPage } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createCommunity,
  createPost,
  createUser,
  followUser,
  joinCommunity,
  like,
  type TestHttp,
  type TestUser,
} from '../../test/factories';
import { expectCursorRefused } from '../../test/expect-error';
import { expectApiError, upload, writePost } from '../../test/post-factories';
import { pngOf } from '../uploads/test-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function getPage(http: TestHttp, path: string): Promise<PostPage> {
  const res = await http(path);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return PostPageSchema.parse(body);
}

/** Every page of a list, calling `between` after each page (to write meanwhile). */
async function allPages(
  http: TestHttp,
  path: string,
  between?: (page: number) => Promise<void>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await getPage(
      http,
      cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path,
    );
    pages.push(page.items.map((p) => p.id));
    cursor = page.nextCursor;
    if (between) await between(pages.length);
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

/** Ids of visible posts matching `where`, in the `new` order. */
async function expectedIds(
  where = sql`true`,
  order = sql`p.created_at desc, p.id desc`,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select p.id from posts p where p.deleted_at is null and ${where} order by ${order}`,
  );
  return rows.map((r) => r.id);
}

describe('keyset pages', () => {
  it('walks 65 posts of a community in pages of 10 with posts arriving between fetches: no duplicates, no gaps', async () => {
    const reader = await createUser(t);
    const author = await createUser(t, { signIn: false });
    const community = await createCommunity(t);
    // Five share one timestamp: the id breaks the tie.
    const tie = new Date(Date.now() - 60_000);
    for (let i = 0; i < 65; i++) {
      await createPost(t, {
        userId: author.user.id,
        communityId: community.id,
        createdAt: i < 5 ? tie : undefined,
      });
    }
    const before = await expectedIds(sql`p.community_id = ${community.id}`);
    expect(before).toHaveLength(65);

    const pages = await allPages(
      reader.http,
      `/api/communities/${community.id}/posts?limit=10`,
      async () => {
        await createPost(t, { userId: author.user.id, communityId: community.id });
      },
    );
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 10, 5]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
  });

  it('does the same for the all tab and the following tab', async () => {
    const reader = await createUser(t);
    const author = await createUser(t, { signIn: false });
    const community = await createCommunity(t);
    await joinCommunity(t, reader.user.id, community.id);
    for (let i = 0; i < 62; i++)
      await createPost(t, { userId: author.user.id, communityId: community.id });

    const all = await expectedIds();
    const pagesAll = await allPages(reader.http, '/api/feed?tab=all&limit=25', async () => {
      await createPost(t, { userId: author.user.id, communityId: community.id });
    });
    expect(pagesAll.flat()).toEqual(all);

    const following = await expectedIds(sql`p.community_id = ${community.id}`);
    const pagesFollowing = await allPages(
      reader.http,
      '/api/feed?tab=following&limit=7',
      async () => {
        await createPost(t, { userId: author.user.id, communityId: community.id });
        await createPost(t, { userId: reader.user.id, communityId: community.id });
      },
    );
    expect(pagesFollowing.flat()).toEqual(following);
  });

  it('answers 400 validation_error naming the cursor for a forged one or one of another sort', async () => {
    const reader = await createUser(t);
    await expectCursorRefused(await reader.http('/api/feed?tab=all&cursor=garbage'));
    const forged = Buffer.from(
      JSON.stringify(['n', '2024-01-01T00:00:00.000000Z', "x' or 1=1 --"]),
    ).toString('base64url');
    await expectCursorRefused(await reader.http(`/api/feed?tab=all&cursor=${forged}`));
    const page = await getPage(reader.http, '/api/feed?tab=all&limit=1');
    expect(page.nextCursor).not.toBeNull();
    await expectCursorRefused(
      await reader.http(`/api/feed?tab=all&sort=top&cursor=${page.nextCursor}`),
    );
    await expectApiError(await reader.http('/api/feed?tab=all&limit=0'), 400, 'validation_error');
    await expectApiError(await reader.http('/api/feed?tab=everything'), 400, 'validation_error');
  });

  it('needs a session', async () => {
    await expectApiError(await t.http('/api/feed'), 401, 'unauthorized');
  });
});

describe('following tab', () => {
  let me: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    me = await createUser(t);
    const friend = await createUser(t, { signIn: false });
    const stranger = await createUser(t, { signIn: false });
    const followed = await createCommunity(t);
    const other = await createCommunity(t);
    await joinCommunity(t, me.user.id, followed.id);
    await followUser(t, me.user.id, friend.user.id);
    ids.inFollowedCommunity = (
      await createPost(t, { userId: stranger.user.id, communityId: followed.id })
    ).id;
    ids.byFollowedUser = (
      await createPost(t, { userId: friend.user.id, communityId: other.id })
    ).id;
    ids.both = (await createPost(t, { userId: friend.user.id, communityId: followed.id })).id;
    ids.own = (await createPost(t, { userId: me.user.id, communityId: other.id })).id;
    ids.unrelated = (await createPost(t, { userId: stranger.user.id, communityId: other.id })).id;
    ids.deleted = (
      await createPost(t, {
        userId: friend.user.id,
        communityId: followed.id,
        deletedAt: new Date(),
      })
    ).id;
  });

  it('shows posts of followed communities, followed users and my own, each once, newest first', async () => {
    const page = await getPage(me.http, '/api/feed?tab=following');
    expect(page.items.map((p) => p.id)).toEqual([
      ids.own,
      ids.both,
      ids.byFollowedUser,
      ids.inFollowedCommunity,
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('is the default tab; the all tab also shows the unrelated post but never the deleted one', async () => {
    const page = await getPage(me.http, '/api/feed');
    expect(page.items.map((p) => p.id)).not.toContain(ids.unrelated);
    const all = (await allPages(me.http, '/api/feed?tab=all&limit=100')).flat();
    expect(all).toContain(ids.unrelated);
    expect(all).not.toContain(ids.deleted);
  });

  it('shows only my own posts when I follow nothing', async () => {
    const loner = await createUser(t);
    const own = await createPost(t, { userId: loner.user.id });
    const page = await getPage(loner.http, '/api/feed?tab=following');
    expect(page.items.map((p) => p.id)).toEqual([own.id]);
  });
});

describe('top sort', () => {
  it('orders by likes, then newest, with keyset pages over the same order', async () => {
    const reader = await createUser(t);
    const author = await createUser(t, { signIn: false });
    const likers = await Promise.all([1, 2, 3, 4].map(() => createUser(t, { signIn: false })));
    const community = await createCommunity(t);
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await createPost(t, { userId: author.user.id, communityId: community.id })).id);
    // Likes 0..4 in a pattern, so several posts tie on the count.
    for (const [i, id] of made.entries()) {
      for (const liker of likers.slice(0, i % 5)) await like(t, 'post', liker.user.id, id);
    }
    const order = sql`p.like_count desc, p.created_at desc, p.id desc`;
    const expected = await expectedIds(sql`p.community_id = ${community.id}`, order);
    const pages = await allPages(
      reader.http,
      `/api/communities/${community.id}/posts?sort=top&limit=5`,
    );
    expect(pages.flat()).toEqual(expected);
    const first = await getPage(
      reader.http,
      `/api/communities/${community.id}/posts?sort=top&limit=12`,
    );
    const counts = first.items.map((p) => p.likeCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(4);

    await joinCommunity(t, reader.user.id, community.id);
    const following = await allPages(reader.http, '/api/feed?tab=following&sort=top&limit=4');
    expect(following.flat()).toEqual(expected);
    const allTop = (await allPages(reader.http, '/api/feed?tab=all&sort=top&limit=50')).flat();
    expect(allTop).toEqual(await expectedIds(sql`true`, order));
  });
});

describe('community and user post lists', () => {
  it("lists a user's posts with likedByMe for the viewer and full cards", async () => {
    const viewer = await createUser(t);
    const author = await createUser(t);
    const community = await createCommunity(t);
    const png = await upload(author.http, await pngOf(900, 600));
    const withImage = await writePost(author.http, {
      communityId: community.id,
      uploadIds: [png.id],
    });
    const text = await writePost(author.http, { communityId: community.id, body: 'hello' });
    await viewer.http(`/api/posts/${text.id}/like`, { method: 'PUT' });

    const page = await getPage(viewer.http, `/api/users/${author.user.id}/posts`);
    expect(page.items.map((p) => p.id)).toEqual([text.id, withImage.id]);
    expect(page.items[0]).toMatchObject({ likedByMe: true, likeCount: 1, body: 'hello' });
    expect(page.items[1]).toMatchObject({
      likedByMe: false,
      type: 1,
      images: [{ url: png.url, width: 900, height: 600 }],
    });
    expect(page.items[1]).toEqual(await (await viewer.http(`/api/posts/${withImage.id}`)).json());
  });

  it('answers 404 for unknown communities and users', async () => {
    const viewer = await createUser(t);
    await expectApiError(
      await viewer.http(`/api/communities/${newId()}/posts`),
      404,
      'community_not_found',
    );
    await expectApiError(
      await viewer.http('/api/communities/nope/posts'),
      404,
      'community_not_found',
    );
    await expectApiError(await viewer.http(`/api/users/${newId()}/posts`), 404, 'user_not_found');
    const banned = await createUser(t, { banned: true, signIn: false });
    await expectApiError(
      await viewer.http(`/api/users/${banned.user.id}/posts`),
      404,
      'user_not_found',
    );
  });

  it('answers 404 for a user with posts who is banned, and the 404 before a bad cursor', async () => {
    // The page query checks listability itself (one statement when the page has posts).
    const viewer = await createUser(t);
    const author = await createUser(t, { signIn: false });
    const community = await createCommunity(t);
    await createPost(t, { userId: author.user.id, communityId: community.id });
    expect((await getPage(viewer.http, `/api/users/${author.user.id}/posts`)).items).toHaveLength(
      1,
    );
    await queryRows(
      t.database.db,
      sql`update users set banned = true where id = ${author.user.id}`,
    );
    await expectApiError(
      await viewer.http(`/api/users/${author.user.id}/posts`),
      404,
      'user_not_found',
    );
    for (const path of [`/api/users/${newId()}/posts`, `/api/communities/${newId()}/posts`]) {
      const res = await viewer.http(`${path}?cursor=forged`);
      expect(res.status, path).toBe(404);
    }
    // A listable user's or an existing community's bad cursor is still refused.
    for (const path of [
      `/api/users/${viewer.user.id}/posts`,
      `/api/communities/${community.id}/posts`,
    ]) {
      await expectCursorRefused(await viewer.http(`${path}?cursor=forged`));
    }
  });
});
