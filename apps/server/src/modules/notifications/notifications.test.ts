/**
 * Notifications through the real routes (docs/notifications.md): each producer notifies the
 * right person (not when their setting is off, not themselves, not across a block), the list,
 * the unread count and marking read with its live event.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveTopics,
  NotificationPageSchema,
  UnreadCountSchema,
  type Notification,
} from '@otakura/shared';
import { notifications, userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createCommunity,
  createMedia,
  createPost,
  createShopItem,
  createUser,
  type TestUser,
} from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import { CARD, checkout, sessionIdOf } from '../orders/orders.test-helpers';

let t: TestApp;
let communityId: string;

beforeAll(async () => {
  t = await buildTestApp();
  communityId = (await createCommunity(t)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function list(who: TestUser, query = ''): Promise<Notification[]> {
  const res = await who.http(`/api/notifications${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return NotificationPageSchema.parse(await res.json()).items;
}

async function unread(who: TestUser): Promise<number> {
  const res = await who.http('/api/notifications/unread-count');
  expect(res.status).toBe(200);
  return UnreadCountSchema.parse(await res.json()).unread;
}

async function settings(who: TestUser, notificationsPatch: Record<string, boolean>) {
  const res = await who.http('/api/me/settings', {
    method: 'PATCH',
    json: { notifications: notificationsPatch },
  });
  expect(res.status).toBe(200);
}

async function block(blocker: TestUser, blocked: TestUser) {
  await t.database.db
    .insert(userBlocks)
    .values({ blockerId: blocker.user.id, blockedId: blocked.user.id });
}

const post = (author: TestUser, title = 'My first post') =>
  createPost(t, { userId: author.user.id, communityId, title });

async function comment(who: TestUser, postId: string, body: string, replyToId?: string) {
  const res = await who.http(`/api/posts/${postId}/comments`, {
    method: 'POST',
    json: { body, ...(replyToId ? { replyToId } : {}) },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

const likePost = async (who: TestUser, postId: string, method = 'PUT') =>
  expect((await who.http(`/api/posts/${postId}/like`, { method })).status).toBe(200);
const likeComment = async (who: TestUser, commentId: string) =>
  expect((await who.http(`/api/comments/${commentId}/like`, { method: 'PUT' })).status).toBe(200);
const follow = async (who: TestUser, userId: string, method = 'PUT') =>
  expect((await who.http(`/api/users/${userId}/follow`, { method })).status).toBe(200);

describe('producers', () => {
  it('a comment on my post notifies me with its excerpt; my own comment does not', async () => {
    const author = await createUser(t);
    const fan = await createUser(t, { name: 'Rin' });
    const p = await post(author);
    await comment(fan, p.id, 'What a  great\nepisode');
    await comment(author, p.id, 'Thanks!');
    const items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'comment',
      subtype: null,
      actorCount: 1,
      excerpt: 'What a great episode',
      link: `/post/${p.id}`,
      read: false,
    });
    expect(items[0]!.actors.map((a) => a.id)).toEqual([fan.user.id]);
    // A second comment is a notification of its own.
    await comment(fan, p.id, 'And another');
    expect(await list(author)).toHaveLength(2);
  });

  it('a reply to my comment notifies me (reply), and the post author gets comment; once per person, reply wins', async () => {
    const author = await createUser(t);
    const commenter = await createUser(t);
    const replier = await createUser(t);
    const p = await post(author);
    const mine = await comment(commenter, p.id, 'First!');
    await comment(replier, p.id, 'Welcome', mine.id);
    expect((await list(commenter)).map((n) => [n.type, n.excerpt])).toEqual([['reply', 'Welcome']]);
    expect((await list(author)).map((n) => n.type)).toEqual(['comment', 'comment']);

    // A reply to the post author's own comment: they get one `reply`, not also `comment`.
    const authorsComment = await comment(author, p.id, 'Thanks for reading');
    await comment(replier, p.id, 'You are welcome', authorsComment.id);
    const types = (await list(author)).map((n) => n.type);
    expect(types).toEqual(['reply', 'comment', 'comment']);
  });

  it('replies and comments follow their settings and blocks', async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const p = await post(author);
    await settings(author, { comments: false });
    await comment(other, p.id, 'Silent');
    expect(await list(author)).toHaveLength(0);
    await settings(author, { comments: true });
    await block(author, other);
    await comment(other, p.id, 'Blocked');
    expect(await list(author)).toHaveLength(0);

    const mine = await comment(author, p.id, 'Mine');
    const third = await createUser(t);
    await settings(author, { replies: false });
    await comment(third, p.id, 'A reply', mine.id);
    // Replies off: the reply does not notify (and does not fall back to `comment`).
    expect(await list(author)).toHaveLength(0);
  });

  it('comments on a media entry notify the replied-to user only', async () => {
    const m = await createMedia(t);
    const first = await createUser(t);
    const second = await createUser(t);
    const c = await createComment(t, { mediaId: m.id, userId: first.user.id, body: 'Wow' });
    const res = await second.http(`/api/media/${m.id}/comments`, {
      method: 'POST',
      json: { body: 'Agreed', replyToId: c.id },
    });
    expect(res.status).toBe(201);
    const items = await list(first);
    expect(items.map((n) => [n.type, n.link])).toEqual([['reply', `/media/${m.id}`]]);
  });

  it('likes of a post group: "Rin and 2 others", newest first; an unlike removes nothing and likes off stop them', async () => {
    const author = await createUser(t);
    const p = await post(author, 'Best opening of the season');
    const likers = [
      await createUser(t, { name: 'Ai' }),
      await createUser(t, { name: 'Kai' }),
      await createUser(t, { name: 'Rin' }),
    ];
    for (const l of likers) await likePost(l, p.id);
    await likePost(likers[0]!, p.id, 'DELETE');
    await likePost(likers[0]!, p.id); // again: still three distinct people
    await likePost(author, p.id).catch(() => undefined); // own post: never notifies
    const items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'like',
      subtype: 'post',
      actorCount: 3,
      excerpt: 'Best opening of the season',
      link: `/post/${p.id}`,
    });
    expect(items[0]!.actors.map((a) => a.name)).toEqual(['Rin', 'Kai', 'Ai']);

    const quiet = await createUser(t);
    await settings(quiet, { likes: false });
    const q = await post(quiet);
    await likePost(likers[1]!, q.id);
    expect(await list(quiet)).toHaveLength(0);
  });

  it('a like of my comment notifies me (like/comment), not across a block', async () => {
    const author = await createUser(t);
    const commenter = await createUser(t);
    const fan = await createUser(t);
    const p = await post(author);
    const c = await comment(commenter, p.id, 'Lovely art');
    await likeComment(fan, c.id);
    const items = await list(commenter);
    expect(items.map((n) => [n.type, n.subtype, n.excerpt, n.actorCount])).toEqual([
      ['like', 'comment', 'Lovely art', 1],
    ]);
    const rows = await t.database.db
      .select({ groupKey: notifications.groupKey })
      .from(notifications)
      .where(eq(notifications.userId, commenter.user.id));
    expect(rows).toEqual([{ groupKey: `like:comment:${c.id}` }]);

    const stranger = await createUser(t);
    await block(stranger, commenter);
    await likeComment(stranger, c.id);
    expect((await list(commenter))[0]!.actorCount).toBe(1);
  });

  it('follows group under one notification; an unfollow and a follow again count once', async () => {
    const star = await createUser(t);
    const a = await createUser(t, { name: 'Ai' });
    const b = await createUser(t, { name: 'Kai' });
    await follow(a, star.user.id);
    await follow(b, star.user.id);
    await follow(a, star.user.id, 'DELETE');
    await follow(a, star.user.id);
    const items = await list(star);
    expect(items).toHaveLength(1);
    // It opens the newest follower's profile.
    expect(items[0]).toMatchObject({ type: 'follow', actorCount: 2, link: `/user/${b.user.id}` });
    expect(items[0]!.actors.map((x) => x.name)).toEqual(['Kai', 'Ai']);

    const shy = await createUser(t);
    await settings(shy, { follows: false });
    await follow(a, shy.user.id);
    expect(await list(shy)).toHaveLength(0);
  });

  it('a paid order notifies the buyer (order/paid, link /purchases)', async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t);
    await settings(buyer, { comments: false, replies: false, likes: false, follows: false });
    const item = await createShopItem(t, { sellerId: seller.user.id, name: 'Miku figure' });
    const started = await checkout(buyer.http, [{ itemId: item.id, quantity: 1 }]);
    const sessionId = await sessionIdOf(t, started.orderId);
    const res = await buyer.http(`/api/checkout/test/${sessionId}/pay`, {
      method: 'POST',
      json: CARD,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const items = await list(buyer);
    expect(items.map((n) => [n.type, n.subtype, n.link, n.excerpt])).toEqual([
      ['order', 'paid', '/purchases', 'Miku figure'],
    ]);
  });
});

describe('the API', () => {
  it('answers 401 without a session', async () => {
    expect((await t.http('/api/notifications')).status).toBe(401);
    expect((await t.http('/api/notifications/unread-count')).status).toBe(401);
    const res = await t.http('/api/notifications/read', { method: 'POST', json: { all: true } });
    expect(res.status).toBe(401);
  });

  it('pages by newest activity, filters unread, marks own ids read (others ignored), publishes notification.read', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const posts = [await post(me, 'one'), await post(me, 'two'), await post(me, 'three')];
    const fans = [await createUser(t), await createUser(t)];
    for (const p of posts) await likePost(fans[0]!, p.id);
    // A new like moves the first post's notification to the top.
    await likePost(fans[1]!, posts[0]!.id);
    const all = await list(me);
    expect(all.map((n) => n.excerpt)).toEqual(['one', 'three', 'two']);
    expect(await unread(me)).toBe(3);

    const first = await me.http('/api/notifications?limit=2');
    const page1 = NotificationPageSchema.parse(await first.json());
    expect(page1.items.map((n) => n.excerpt)).toEqual(['one', 'three']);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = NotificationPageSchema.parse(
      await (await me.http(`/api/notifications?limit=2&cursor=${page1.nextCursor}`)).json(),
    );
    expect(page2.items.map((n) => n.excerpt)).toEqual(['two']);
    expect(page2.nextCursor).toBeNull();
    expect((await me.http('/api/notifications?cursor=nope')).status).toBe(400);

    const othersPost = await post(other);
    await likePost(fans[0]!, othersPost.id);
    const othersId = (await list(other))[0]!.id;

    const live = await openLive(t.url, { cookie: me.cookie });
    try {
      await live.subscribe([liveTopics.user(me.user.id)]);
      const res = await me.http('/api/notifications/read', {
        method: 'POST',
        json: { ids: [all[0]!.id, othersId] },
      });
      expect(res.status).toBe(200);
      expect(UnreadCountSchema.parse(await res.json())).toEqual({ unread: 2 });
      const event = await live.next('notification.read', undefined, 10_000);
      expect(event).toMatchObject({ topic: `user:${me.user.id}`, unread: 2 });
    } finally {
      await live.close();
    }
    expect(await unread(other)).toBe(1);
    expect((await list(me, '?unread=true')).map((n) => n.excerpt)).toEqual(['three', 'two']);
    expect((await list(me)).find((n) => n.id === all[0]!.id)?.read).toBe(true);

    const res = await me.http('/api/notifications/read', { method: 'POST', json: { all: true } });
    expect(await res.json()).toEqual({ unread: 0 });
    expect(await list(me, '?unread=true')).toEqual([]);
    expect(await unread(other)).toBe(1);

    const bad = await me.http('/api/notifications/read', { method: 'POST', json: { ids: [] } });
    expect(bad.status).toBe(400);
  });
});
