import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommentSchema } from '@otakura/shared';
import { sessions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createMedia,
  createPost,
  createUser,
  type TestUser,
} from '../../test/factories';
import { LIVE_CLOSE } from './live-hub';
import { openLive, type LiveTestClient, type OpenLiveOptions } from './live.test-helpers';

let t: TestApp;
const clients: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await t?.close();
});

async function live(who: TestUser | null, opts: OpenLiveOptions = {}): Promise<LiveTestClient> {
  const c = await openLive(t.url, { cookie: who?.cookie, origin: t.config.publicUrl, ...opts });
  clients.push(c);
  return c;
}

async function commentOn(who: TestUser, postId: string, body = 'hello'): Promise<string> {
  const res = await who.http(`/api/posts/${postId}/comments`, { method: 'POST', json: { body } });
  expect(res.status).toBe(201);
  return CommentSchema.parse(await res.json()).id;
}

describe('/api/live: connecting', () => {
  it('refuses a socket without a session with close code 4401', async () => {
    const c = await live(null);
    expect(await c.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    const forged = await live(null, { cookie: 'better-auth.session_token=forged.value' });
    expect(await forged.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
  });

  it('refuses a socket opened from a foreign origin with 4403, even with a session', async () => {
    const user = await createUser(t);
    const c = await live(user, { origin: 'https://evil.example' });
    expect(await c.closed).toMatchObject({ code: LIVE_CLOSE.forbiddenOrigin });
  });

  it('answers ping with pong, and an invalid message with an error without closing', async () => {
    const user = await createUser(t);
    const c = await live(user);
    await c.roundTrip();
    c.send('not json');
    expect(await c.next('error')).toMatchObject({ code: 'invalid_message' });
    c.send({ type: 'subscribe', topics: ['post:not-an-id'] });
    expect(await c.next('error')).toMatchObject({ code: 'invalid_message' });
    c.send({ type: 'shout' });
    expect(await c.next('error')).toMatchObject({ code: 'invalid_message' });
    await c.roundTrip();
    expect(t.app.liveHub.size).toBeGreaterThan(0);
  });
});

describe('/api/live: topics', () => {
  it('delivers comment.created to a socket watching the post when someone else comments', async () => {
    const watcher = await createUser(t);
    const writer = await createUser(t);
    const post = await createPost(t, { userId: watcher.user.id });
    const c = await live(watcher);
    expect(await c.subscribe([`post:${post.id}`])).toEqual({
      type: 'subscribed',
      topics: [`post:${post.id}`],
      denied: [],
    });

    // Delivery speed is the live bench's business (BENCHMARKS.md); here only that it arrives.
    const commentId = await commentOn(writer, post.id, 'live!');
    const event = await c.next('comment.created', (e) => e.commentId === commentId, 15_000);
    expect(event).toEqual({
      type: 'comment.created',
      topic: `post:${post.id}`,
      postId: post.id,
      mediaId: null,
      commentId,
      commentCount: 1,
    });
    // What the client does next: fetch the comment.
    const res = await watcher.http(`/api/comments/${commentId}`);
    expect(CommentSchema.parse(await res.json()).body).toBe('live!');
  });

  it('sends nothing of a topic the socket does not watch, and nothing after unsubscribe', async () => {
    const watcher = await createUser(t);
    const writer = await createUser(t);
    const watched = await createPost(t, { userId: writer.user.id });
    const other = await createPost(t, { userId: writer.user.id });
    const c = await live(watcher);
    await c.subscribe([`post:${watched.id}`]);

    await commentOn(writer, other.id);
    const seen = await commentOn(writer, watched.id);
    await c.next('comment.created', (e) => e.commentId === seen);
    await c.roundTrip();
    expect(c.events.filter((e) => 'topic' in e && e.topic !== `post:${watched.id}`)).toEqual([]);

    c.send({ type: 'unsubscribe', topics: [`post:${watched.id}`] });
    await c.roundTrip();
    expect(t.app.liveHub.watchers(`post:${watched.id}`)).toBe(0);
    const before = c.events.length;
    await commentOn(writer, watched.id);
    await c.roundTrip();
    expect(c.events.slice(before).map((e) => e.type)).toEqual(['pong']);
  });

  it('publishes edits, deletes and likes with absolute counts to post and media topics', async () => {
    const watcher = await createUser(t);
    const writer = await createUser(t);
    const post = await createPost(t, { userId: watcher.user.id });
    const entry = await createMedia(t);
    const c = await live(watcher);
    await c.subscribe([`post:${post.id}`, `media:${entry.id}`]);

    const mine = await createComment(t, { userId: watcher.user.id, postId: post.id });
    await writer.http(`/api/comments/${mine.id}/like`, { method: 'PUT' });
    expect(await c.next('comment.liked')).toEqual({
      type: 'comment.liked',
      topic: `post:${post.id}`,
      commentId: mine.id,
      likeCount: 1,
      actorId: writer.user.id,
    });
    // A like that changes nothing publishes nothing.
    await writer.http(`/api/comments/${mine.id}/like`, { method: 'PUT' });
    await writer.http(`/api/comments/${mine.id}/like`, { method: 'DELETE' });
    expect(await c.next('comment.liked')).toMatchObject({ likeCount: 0 });

    const theirs = await commentOn(writer, post.id);
    await writer.http(`/api/comments/${theirs}`, { method: 'PATCH', json: { body: 'edited' } });
    expect(await c.next('comment.updated')).toMatchObject({
      commentId: theirs,
      postId: post.id,
      mediaId: null,
    });
    await writer.http(`/api/comments/${theirs}`, { method: 'DELETE' });
    expect(await c.next('comment.updated')).toMatchObject({ commentId: theirs });

    const onMedia = await writer.http(`/api/media/${entry.id}/comments`, {
      method: 'POST',
      json: { body: 'm' },
    });
    const mediaComment = CommentSchema.parse(await onMedia.json());
    expect(await c.next('comment.created', (e) => e.mediaId === entry.id)).toMatchObject({
      topic: `media:${entry.id}`,
      commentId: mediaComment.id,
      postId: null,
      commentCount: 1,
    });
    await c.roundTrip();
    expect(c.events.filter((e) => e.type === 'comment.liked')).toHaveLength(2);
  });

  it("lets a user watch their own user topic but not someone else's", async () => {
    const user = await createUser(t);
    const c = await live(user);
    const other = newId();
    expect(await c.subscribe([`user:${user.user.id}`, `user:${other}`, 'feed'])).toEqual({
      type: 'subscribed',
      topics: [`user:${user.user.id}`, 'feed'],
      denied: [{ topic: `user:${other}`, code: 'forbidden' }],
    });
    await t.ctx.live.publish({ type: 'user.updated', topic: `user:${other}`, userId: other });
    await t.ctx.live.publish({
      type: 'user.updated',
      topic: `user:${user.user.id}`,
      userId: user.user.id,
    });
    expect(await c.next('user.updated')).toMatchObject({ userId: user.user.id });
    await c.roundTrip();
    expect(c.events.filter((e) => e.type === 'user.updated')).toHaveLength(1);
  });

  it('bounds a socket to 200 topics', async () => {
    const user = await createUser(t);
    const c = await live(user);
    const topics = Array.from({ length: 200 }, () => `post:${newId()}`);
    expect((await c.subscribe(topics)).topics).toHaveLength(200);
    const extra = `post:${newId()}`;
    expect(await c.subscribe([topics[0]!, extra])).toEqual({
      type: 'subscribed',
      topics: [topics[0]],
      denied: [{ topic: extra, code: 'too_many_subscriptions' }],
    });
    c.send({ type: 'subscribe', topics: [...topics, extra] });
    expect(await c.next('error')).toMatchObject({ code: 'invalid_message' });
  });

  it('tells every socket to resync when the bus says events were lost', async () => {
    const user = await createUser(t);
    const a = await live(user);
    const b = await live(user);
    await t.ctx.live.publish({ type: 'resync' });
    await a.next('resync');
    await b.next('resync');
  });
});

describe('/api/live: keepalive and sessions', () => {
  it('drops a peer that stays silent for a whole keepalive interval, keeps one that answers', async () => {
    const user = await createUser(t);
    const silent = await live(user, { autoPong: false });
    const lively = await live(user);
    await silent.roundTrip();
    await lively.roundTrip();

    t.app.liveHub.sweep(); // pings everyone
    await lively.roundTrip(); // the automatic pong has arrived by now
    t.app.liveHub.sweep(); // the silent one answered nothing since the last round
    await silent.closed;
    await lively.roundTrip();
    expect(lively.ws.readyState).toBe(lively.ws.OPEN);
  });

  it('closes a socket with 4401 once its session has ended', async () => {
    const user = await createUser(t);
    const c = await live(user);
    await c.roundTrip();
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.user.id));
    t.app.liveHub.sweep(Date.now() + 10 * 60_000);
    expect(await c.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
  });
});

describe('/api/live: session.revoked', () => {
  it("closes every socket of that user with 4401 at once, never forwards the event, and leaves others' sockets open", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const a = await live(user);
    const b = await live(user);
    const watcher = await live(other);
    // Both watch the user's own topic, where the event is published.
    await a.subscribe([`user:${user.user.id}`]);
    await watcher.roundTrip();

    await t.ctx.live.publish({
      type: 'session.revoked',
      topic: `user:${user.user.id}`,
      userId: user.user.id,
    });
    expect(await a.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(await b.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(a.events.some((e) => e.type === 'session.revoked')).toBe(false);
    await watcher.roundTrip();
    expect(watcher.ws.readyState).toBe(watcher.ws.OPEN);
    expect(watcher.events.some((e) => e.type === 'session.revoked')).toBe(false);
  });
});
