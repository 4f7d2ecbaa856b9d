import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, liveTopics, parseLiveTopic } from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCommunity, createUser, type TestUser } from '../../test/factories';
import { writePost } from '../../test/post-factories';
import { LIVE_CLOSE as HUB_CLOSE } from './live-hub';
import { openLive, type LiveTestClient } from './live.test-helpers';

/*
 * What a stranger sees live on the public topics: someone else's profile (`profile:{id}`), a
 * community and the feed get new and deleted posts; a post's likes come on `post:{id}`; a
 * profile's follower count on `profile:{id}`. `user:{id}` stays private.
 */

let t: TestApp;
let author: TestUser;
let stranger: TestUser;
let communityId: string;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t);
  stranger = await createUser(t);
  communityId = (await createCommunity(t)).id;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await t?.close();
});

async function live(who: TestUser): Promise<LiveTestClient> {
  const c = await openLive(t.url, { cookie: who.cookie, origin: t.config.publicUrl });
  clients.push(c);
  return c;
}

describe('live topics (packages/shared live-topics.ts)', () => {
  it('builds and parses every topic, and the server and web share the close codes', () => {
    const id = newId();
    expect(liveTopics.profile(id)).toBe(`profile:${id}`);
    expect(parseLiveTopic(liveTopics.community(id))).toEqual({ kind: 'community', id });
    expect(parseLiveTopic('feed')).toBeNull();
    expect(parseLiveTopic('profile:not-an-id')).toBeNull();
    expect(HUB_CLOSE).toBe(LIVE_CLOSE);
  });
});

describe("/api/live: someone else's posts", () => {
  it('lets anyone signed in watch a profile, while user:{id} stays private', async () => {
    const c = await live(stranger);
    const profile = liveTopics.profile(author.user.id);
    expect(await c.subscribe([profile, liveTopics.user(author.user.id)])).toEqual({
      type: 'subscribed',
      topics: [profile],
      denied: [{ topic: liveTopics.user(author.user.id), code: 'forbidden' }],
    });
  });

  it('publishes a new post to the feed, its community and its author’s profile', async () => {
    const c = await live(stranger);
    const topics = [
      liveTopics.feed,
      liveTopics.community(communityId),
      liveTopics.profile(author.user.id),
    ];
    await c.subscribe(topics);
    const post = await writePost(author.http, { communityId, title: 'Live post' });
    for (const topic of topics) {
      expect(await c.next('post.created', (e) => e.topic === topic)).toEqual({
        type: 'post.created',
        topic,
        postId: post.id,
        communityId,
        authorId: author.user.id,
      });
    }
  });

  it('publishes likes (absolute counts) on the post and its deletion on every list topic', async () => {
    const post = await writePost(author.http, { communityId, title: 'Soon gone' });
    const c = await live(stranger);
    const lists = [
      liveTopics.feed,
      liveTopics.community(communityId),
      liveTopics.profile(author.user.id),
    ];
    await c.subscribe([...lists, liveTopics.post(post.id)]);

    const liker = await createUser(t);
    expect((await liker.http(`/api/posts/${post.id}/like`, { method: 'PUT' })).status).toBe(200);
    expect(await c.next('post.liked')).toEqual({
      type: 'post.liked',
      topic: liveTopics.post(post.id),
      postId: post.id,
      likeCount: 1,
      actorId: liker.user.id,
    });

    expect((await author.http(`/api/posts/${post.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const topic of [...lists, liveTopics.post(post.id)]) {
      expect(await c.next('post.deleted', (e) => e.topic === topic)).toEqual({
        type: 'post.deleted',
        topic,
        postId: post.id,
      });
    }
  });

  it('sends nothing of another profile or community', async () => {
    const c = await live(stranger);
    const other = await createUser(t);
    await c.subscribe([liveTopics.profile(other.user.id), liveTopics.community(newId())]);
    await writePost(author.http, { communityId, title: 'Not for this socket' });
    await c.roundTrip();
    expect(c.events.filter((e) => e.type === 'post.created')).toEqual([]);
  });

  it("publishes a profile's absolute follower count on follow and unfollow", async () => {
    const c = await live(stranger);
    const followed = await createUser(t);
    await c.subscribe([liveTopics.profile(followed.user.id)]);
    const fan = await createUser(t);
    await fan.http(`/api/users/${followed.user.id}/follow`, { method: 'PUT' });
    expect(await c.next('user.followers')).toEqual({
      type: 'user.followers',
      topic: liveTopics.profile(followed.user.id),
      userId: followed.user.id,
      followerCount: 1,
    });
    await fan.http(`/api/users/${followed.user.id}/follow`, { method: 'DELETE' });
    expect(await c.next('user.followers')).toMatchObject({ followerCount: 0 });
  });
});
