import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, CommentPageSchema, PostPageSchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createCommunity,
  createPost,
  createUser,
  followUser,
  joinCommunity,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let viewer: TestUser;
let blocked: TestUser;
let other: TestUser;
let communityId: string;
let blockedPostId: string;
let otherPostId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [viewer, blocked, other] = [await createUser(t), await createUser(t), await createUser(t)];
  communityId = (await createCommunity(t)).id;
  await joinCommunity(t, viewer.user.id, communityId);
  await followUser(t, viewer.user.id, blocked.user.id);
  blockedPostId = (await createPost(t, { userId: blocked.user.id, communityId })).id;
  otherPostId = (await createPost(t, { userId: other.user.id, communityId })).id;
  await createComment(t, {
    userId: blocked.user.id,
    postId: otherPostId,
    body: 'from the blocked user',
  });
  await createComment(t, { userId: other.user.id, postId: otherPostId, body: 'from someone else' });
  const res = await viewer.http(`/api/users/${blocked.user.id}/block`, { method: 'PUT' });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function postIds(u: TestUser, path: string): Promise<string[]> {
  const res = await u.http(path);
  expect(res.status, path).toBe(200);
  return PostPageSchema.parse(await res.json()).items.map((p) => p.id);
}

describe("a blocked user's content, for the blocker", () => {
  it.each([
    ['/api/feed?tab=all'],
    ['/api/feed?tab=following'],
    ['/api/feed?tab=all&sort=top'],
    [`/api/communities/{community}/posts`],
    [`/api/users/{blocked}/posts`],
  ])('is absent from %s', async (template) => {
    const path = template.replace('{community}', communityId).replace('{blocked}', blocked.user.id);
    const ids = await postIds(viewer, path);
    expect(ids).not.toContain(blockedPostId);
    if (!path.includes(blocked.user.id)) expect(ids).toContain(otherPostId);
  });

  it('is absent from comment lists', async () => {
    const res = await viewer.http(`/api/posts/${otherPostId}/comments`);
    const bodies = CommentPageSchema.parse(await res.json()).items.map((c) => c.body);
    expect(bodies).toEqual(['from someone else']);
  });

  it('still shows to everyone else', async () => {
    expect(await postIds(other, '/api/feed?tab=all')).toContain(blockedPostId);
    const res = await other.http(`/api/posts/${otherPostId}/comments`);
    expect(CommentPageSchema.parse(await res.json()).items).toHaveLength(2);
  });

  it('cannot reply to the blocker', async () => {
    const mine = await createComment(t, {
      userId: viewer.user.id,
      postId: otherPostId,
      body: 'mine',
    });
    const res = await blocked.http(`/api/posts/${otherPostId}/comments`, {
      method: 'POST',
      json: { body: 'a reply', replyToId: mine.id },
    });
    expect(res.status).toBe(403);
    expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('blocked');
  });
});
