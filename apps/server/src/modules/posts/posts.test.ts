import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeStateSchema, PostSchema, type LiveEvent } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { communities, postLikes, posts, uploads } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createCommunity,
  createUser,
  reloadUser,
  type TestUser,
} from '../../test/factories';
import { expectApiError, sendPost, upload, writePost } from '../../test/post-factories';
import { animatedGif, mp4Bytes, pngOf } from '../uploads/test-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let communityId: string;
const events: LiveEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.live.subscribe((e) => events.push(e));
  alice = await createUser(t);
  bob = await createUser(t);
  communityId = (await createCommunity(t)).id;
});
afterAll(async () => {
  await t?.close();
});

const keyOf = (url: string | null | undefined) => url!.replace(/^\/files\//, '');

async function communityPostCount(id = communityId): Promise<number> {
  const [row] = await t.database.db
    .select({ n: communities.postCount })
    .from(communities)
    .where(eq(communities.id, id));
  return row!.n;
}

describe('POST /api/posts', () => {
  it('writes a text post (type 0), moves both post counts and publishes post.created', async () => {
    const before = {
      user: (await reloadUser(t, alice.user.id)).postCount,
      community: await communityPostCount(),
    };
    const post = await writePost(alice.http, {
      communityId,
      title: '  Hello  ',
      body: 'First!',
      nsfw: 1,
    });
    expect(post).toMatchObject({
      type: 0,
      title: 'Hello',
      body: 'First!',
      nsfw: true,
      spoiler: false,
      images: [],
      video: null,
      link: null,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      community: { id: communityId },
      author: { id: alice.user.id, username: alice.user.displayUsername },
    });
    expect((await reloadUser(t, alice.user.id)).postCount).toBe(before.user + 1);
    expect(await communityPostCount()).toBe(before.community + 1);
    expect(events).toContainEqual({
      type: 'post.created',
      topic: 'feed',
      postId: post.id,
      communityId,
      authorId: alice.user.id,
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'post.created',
        topic: `community:${communityId}`,
        postId: post.id,
      }),
    );
  });

  it('accepts a title of 999 characters and a body of 10,000', async () => {
    const post = await writePost(alice.http, {
      communityId,
      title: 'x'.repeat(999),
      body: 'b'.repeat(10_000),
    });
    expect(post.title).toHaveLength(999);
    expect(post.body).toHaveLength(10_000);
  });

  it.each([
    ['an empty title', { title: '' }, 'title'],
    ['a title of spaces', { title: '   ' }, 'title'],
    ['a title of 1000 characters', { title: 'x'.repeat(1000) }, 'title'],
    ['a body of 10,001 characters', { body: 'b'.repeat(10_001) }, 'body'],
    ['no community', { communityId: undefined }, 'communityId'],
    ['a community that is not an id', { communityId: 'placeholder' }, 'communityId'],
    ['six upload ids', { uploadIds: Array.from({ length: 6 }, () => newId()) }, 'uploadIds'],
    ['a link that is not http(s)', { url: 'javascript:alert(1)' }, 'url'],
    ['spoiler 2', { spoiler: 2 }, 'spoiler'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, patch, field) => {
    const before = await communityPostCount();
    const body = await expectApiError(
      await sendPost(alice.http, { communityId, ...patch }),
      400,
      'validation_error',
    );
    expect(body.error.details?.map((d) => d.path)).toContain(field);
    expect(await communityPostCount()).toBe(before);
  });

  it('names the six-files rule with the spec message', async () => {
    const body = await expectApiError(
      await sendPost(alice.http, {
        communityId,
        uploadIds: Array.from({ length: 6 }, () => newId()),
      }),
      400,
      'validation_error',
    );
    expect(body.error.details).toContainEqual({
      path: 'uploadIds',
      message: 'You can select up to 5 files only.',
    });
  });

  it("answers 400 'Please choose a community.' on communityId for an unknown community", async () => {
    const body = await expectApiError(
      await sendPost(alice.http, { communityId: newId() }),
      400,
      'validation_error',
    );
    expect(body.error.details).toEqual([
      { path: 'communityId', message: 'Please choose a community.' },
    ]);
  });

  it('answers 401 without a session', async () => {
    await expectApiError(await sendPost(t.http, { communityId }), 401, 'unauthorized');
  });

  it('makes an image post (type 1) from up to five images, in order, with both variants', async () => {
    const wide = await upload(alice.http, await pngOf(1600, 900, '#ff0000'));
    const small = await upload(alice.http, await pngOf(300, 200, '#00ff00'));
    const post = await writePost(alice.http, { communityId, uploadIds: [wide.id, small.id] });
    expect(post.type).toBe(1);
    expect(post.images).toHaveLength(2);
    expect(post.images[0]).toMatchObject({ url: wide.url, width: 1600, height: 900 });
    expect(post.images[0]!.largeUrl).toMatch(/^\/files\/post-images\/.+-1280\.webp$/);
    expect(post.images[1]).toMatchObject({
      url: small.url,
      largeUrl: null,
      width: 300,
      height: 200,
    });
    expect(post.images[1]!.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    const files = await t.http(post.images[0]!.url);
    expect(files.status).toBe(200);
    expect(files.headers.get('content-type')).toBe('image/webp');
    const used = await t.database.db.select().from(uploads).where(eq(uploads.postId, post.id));
    expect(used.map((u) => u.id).sort()).toEqual([wide.id, small.id].sort());
  });

  it('makes a gif post (type 4) from one GIF alone, and an image post when a GIF comes with images', async () => {
    const gif = await upload(
      alice.http,
      await animatedGif(120, 80, ['#ff0000', '#0000ff']),
      'a.gif',
      'image/gif',
    );
    expect(gif.kind).toBe('gif');
    const gifPost = await writePost(alice.http, { communityId, uploadIds: [gif.id] });
    expect(gifPost.type).toBe(4);
    expect(gifPost.images).toHaveLength(1);

    const gif2 = await upload(
      alice.http,
      await animatedGif(120, 80, ['#ff0000', '#0000ff']),
      'b.gif',
      'image/gif',
    );
    const png = await upload(alice.http, await pngOf(200, 200));
    const mixed = await writePost(alice.http, { communityId, uploadIds: [png.id, gif2.id] });
    expect(mixed.type).toBe(1);
    expect(mixed.images.map((i) => i.url)).toEqual([png.url, gif2.url]);
  });

  it('makes a video post (type 2) from one video and its thumbnail', async () => {
    const video = await upload(alice.http, mp4Bytes(), 'clip.mp4', 'video/mp4');
    const thumb = await upload(alice.http, await pngOf(640, 360));
    const post = await writePost(alice.http, {
      communityId,
      uploadIds: [video.id],
      thumbnailUploadId: thumb.id,
    });
    expect(post).toMatchObject({
      type: 2,
      images: [],
      video: { url: video.url, thumbnailUrl: thumb.url, width: 640, height: 360 },
    });
  });

  it("refuses a video without a thumbnail: 400 'A video needs a thumbnail.'", async () => {
    const video = await upload(alice.http, mp4Bytes(), 'clip.mp4', 'video/mp4');
    const body = await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [video.id] }),
      400,
      'validation_error',
    );
    expect(body.error.details).toEqual([
      { path: 'thumbnailUploadId', message: 'A video needs a thumbnail.' },
    ]);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, video.id));
    expect(row!.postId).toBeNull();
  });

  it('refuses a video with other files, a video as thumbnail, and a thumbnail without a video', async () => {
    const video = await upload(alice.http, mp4Bytes(), 'clip.mp4', 'video/mp4');
    const video2 = await upload(alice.http, mp4Bytes(), 'clip2.mp4', 'video/mp4');
    const png = await upload(alice.http, await pngOf(100, 100));
    const thumb = await upload(alice.http, await pngOf(100, 100));
    await expectApiError(
      await sendPost(alice.http, {
        communityId,
        uploadIds: [video.id, png.id],
        thumbnailUploadId: thumb.id,
      }),
      400,
      'validation_error',
    );
    await expectApiError(
      await sendPost(alice.http, {
        communityId,
        uploadIds: [video.id],
        thumbnailUploadId: video2.id,
      }),
      400,
      'validation_error',
    );
    const body = await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [png.id], thumbnailUploadId: thumb.id }),
      400,
      'validation_error',
    );
    expect(body.error.details).toEqual([
      { path: 'thumbnailUploadId', message: 'Only a video post has a thumbnail.' },
    ]);
    await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [png.id, png.id] }),
      400,
      'validation_error',
    );
  });

  it("refuses another user's upload (400, as if it did not exist) and leaves it unused", async () => {
    const bobs = await upload(bob.http, await pngOf(100, 100));
    const body = await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [bobs.id] }),
      400,
      'validation_error',
    );
    expect(body.error.details).toEqual([
      { path: 'uploadIds.0', message: 'That file was not found. Upload it again.' },
    ]);
    await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [newId()] }),
      400,
      'validation_error',
    );
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, bobs.id));
    expect(row!.postId).toBeNull();
  });

  it('lets an upload be used by one post only, also when two posts race for it (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const png = await upload(alice.http, await pngOf(100, 100));
    const results = await Promise.all(
      [1, 2, 3].map(() => sendPost(alice.http, { communityId, uploadIds: [png.id] })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [png.id] }),
      409,
      'upload_already_used',
    );
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('refuses files and a link together', async () => {
    const png = await upload(alice.http, await pngOf(100, 100));
    await expectApiError(
      await sendPost(alice.http, { communityId, uploadIds: [png.id], url: 'https://example.com/' }),
      400,
      'validation_error',
    );
  });

  it('makes a url post (type 5) even when the preview cannot be fetched (silently, no image)', async () => {
    const post = await writePost(alice.http, {
      communityId,
      url: 'http://127.0.0.1:9/nothing-here#frag',
      body: 'look',
    });
    expect(post).toMatchObject({
      type: 5,
      body: 'look',
      link: { url: 'http://127.0.0.1:9/nothing-here', title: null, imageUrl: null, siteName: null },
    });
  });
});

describe('GET /api/posts/:postId', () => {
  it('answers the post with likedByMe for the viewer', async () => {
    const post = await writePost(alice.http, { communityId });
    await bob.http(`/api/posts/${post.id}/like`, { method: 'PUT' });
    const asBob = PostSchema.parse(await (await bob.http(`/api/posts/${post.id}`)).json());
    const asAlice = PostSchema.parse(await (await alice.http(`/api/posts/${post.id}`)).json());
    expect(asBob).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect(asAlice).toMatchObject({ likedByMe: false, likeCount: 1 });
  });

  it('answers 404 post_not_found for unknown and malformed ids, 401 without a session', async () => {
    await expectApiError(await alice.http(`/api/posts/${newId()}`), 404, 'post_not_found');
    await expectApiError(await alice.http('/api/posts/not-an-id'), 404, 'post_not_found');
    const post = await writePost(alice.http, { communityId });
    await expectApiError(await t.http(`/api/posts/${post.id}`), 401, 'unauthorized');
  });

  it('never leaks storage internals or other fields', async () => {
    const png = await upload(alice.http, await pngOf(800, 600));
    const post = await writePost(alice.http, { communityId, uploadIds: [png.id] });
    const raw = (await (await alice.http(`/api/posts/${post.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(raw).sort()).toEqual(Object.keys(PostSchema.shape).sort());
    const text = JSON.stringify(raw);
    expect(text).not.toMatch(/"key"|deletedAt|userId|email/);
    expect(Object.keys(raw.author as object).sort()).toEqual([
      'avatarUrl',
      'id',
      'name',
      'username',
    ]);
  });
});

describe('DELETE /api/posts/:postId', () => {
  it("refuses someone else's post with 403 and changes nothing", async () => {
    const png = await upload(alice.http, await pngOf(800, 600));
    const post = await writePost(alice.http, { communityId, uploadIds: [png.id] });
    const before = {
      user: (await reloadUser(t, alice.user.id)).postCount,
      community: await communityPostCount(),
    };
    await expectApiError(
      await bob.http(`/api/posts/${post.id}`, { method: 'DELETE' }),
      403,
      'forbidden',
    );
    expect((await alice.http(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await reloadUser(t, alice.user.id)).postCount).toBe(before.user);
    expect(await communityPostCount()).toBe(before.community);
    expect(await t.storage.head(keyOf(png.url))).not.toBeNull();
  });

  it('deletes the author’s post: gone from reads, counts lowered, files removed, post.deleted published', async () => {
    const video = await upload(alice.http, mp4Bytes(), 'clip.mp4', 'video/mp4');
    const thumb = await upload(alice.http, await pngOf(1400, 700));
    const post = await writePost(alice.http, {
      communityId,
      uploadIds: [video.id],
      thumbnailUploadId: thumb.id,
    });
    const before = {
      user: (await reloadUser(t, alice.user.id)).postCount,
      community: await communityPostCount(),
    };
    const thumbRow = (
      await t.database.db.select().from(uploads).where(eq(uploads.id, thumb.id))
    )[0]!;

    const res = await alice.http(`/api/posts/${post.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    await expectApiError(await alice.http(`/api/posts/${post.id}`), 404, 'post_not_found');
    await expectApiError(
      await alice.http(`/api/posts/${post.id}`, { method: 'DELETE' }),
      404,
      'post_not_found',
    );
    await expectApiError(
      await bob.http(`/api/posts/${post.id}/like`, { method: 'PUT' }),
      404,
      'post_not_found',
    );
    expect((await reloadUser(t, alice.user.id)).postCount).toBe(before.user - 1);
    expect(await communityPostCount()).toBe(before.community - 1);
    for (const key of [keyOf(video.url), thumbRow.key, thumbRow.largeKey!])
      expect(await t.storage.head(key)).toBeNull();
    expect(await t.database.db.select().from(uploads).where(eq(uploads.postId, post.id))).toEqual(
      [],
    );
    expect(events).toContainEqual({
      type: 'post.deleted',
      topic: `post:${post.id}`,
      postId: post.id,
    });
    expect(events).toContainEqual({ type: 'post.deleted', topic: 'feed', postId: post.id });
    expect(await counterMismatches(t)).toEqual([]);
  });
});

describe('PUT/DELETE /api/posts/:postId/like', () => {
  it('likes and unlikes idempotently, answering the absolute count, publishing post.liked', async () => {
    const post = await writePost(alice.http, { communityId });
    const like = () => bob.http(`/api/posts/${post.id}/like`, { method: 'PUT' });
    const unlike = () => bob.http(`/api/posts/${post.id}/like`, { method: 'DELETE' });
    expect(LikeStateSchema.parse(await (await like()).json())).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await (await like()).json()).toEqual({ liked: true, likeCount: 1 });
    expect(events).toContainEqual({
      type: 'post.liked',
      topic: `post:${post.id}`,
      postId: post.id,
      likeCount: 1,
      actorId: bob.user.id,
    });
    expect(
      await (await alice.http(`/api/posts/${post.id}/like`, { method: 'PUT' })).json(),
    ).toEqual({ liked: true, likeCount: 2 });
    expect(await (await unlike()).json()).toEqual({ liked: false, likeCount: 1 });
    expect(await (await unlike()).json()).toEqual({ liked: false, likeCount: 1 });
  });

  it('answers 404 for unknown posts and 401 without a session', async () => {
    await expectApiError(
      await bob.http(`/api/posts/${newId()}/like`, { method: 'PUT' }),
      404,
      'post_not_found',
    );
    await expectApiError(
      await bob.http(`/api/posts/nope/like`, { method: 'DELETE' }),
      404,
      'post_not_found',
    );
    const post = await writePost(alice.http, { communityId });
    await expectApiError(
      await t.http(`/api/posts/${post.id}/like`, { method: 'PUT' }),
      401,
      'unauthorized',
    );
  });

  it('keeps like_count equal to the like rows under 30 parallel likes and unlikes from several users (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const post = await writePost(alice.http, { communityId });
    const likers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
    const requests = Array.from({ length: 30 }, (_, i) => {
      const who = likers[i % likers.length]!;
      const method = (i * 7) % 3 === 0 ? 'DELETE' : 'PUT';
      return who.http(`/api/posts/${post.id}/like`, { method });
    });
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const [row] = await queryRows<{ counter: number; rows: number }>(
      t.database.db,
      sql`select p.like_count as counter, (select count(*) from ${postLikes} l where l.post_id = p.id)::int as rows
          from ${posts} p where p.id = ${post.id}`,
    );
    expect(row!.counter).toBe(row!.rows);
    const final = PostSchema.parse(await (await alice.http(`/api/posts/${post.id}`)).json());
    expect(final.likeCount).toBe(row!.rows);
    expect(await counterMismatches(t)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the posts, feed, uploads and link-preview routes', async () => {
    const doc = (await (await t.http('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/uploads', 'post'],
      ['/api/posts', 'post'],
      ['/api/posts/{postId}', 'get'],
      ['/api/posts/{postId}', 'delete'],
      ['/api/posts/{postId}/like', 'put'],
      ['/api/posts/{postId}/like', 'delete'],
      ['/api/feed', 'get'],
      ['/api/communities/{communityId}/posts', 'get'],
      ['/api/users/{userId}/posts', 'get'],
      ['/api/link-preview', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
