/**
 * The notifier (docs/notifications.md): who gets notified, grouping "Rin and 12 others",
 * concurrency, the live event and the deliverers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics, NotificationPageSchema, SYSTEM_USER_ID } from '@otakura/shared';
import { notificationActors, notifications, userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import {
  createNotifier,
  type DeliveredNotification,
  type NotifyInput,
  type Notifier,
} from './notifications.service';

let t: TestApp;
let notifier: Notifier;

beforeAll(async () => {
  t = await buildTestApp();
  notifier = t.ctx.notifier;
});
afterAll(async () => {
  await t?.close();
});

const likeOf = (recipient: TestUser, actor: TestUser, postId: string): NotifyInput => ({
  recipientId: recipient.user.id,
  type: 'like',
  subtype: 'post',
  actorId: actor.user.id,
  groupKey: `like:post:${postId}`,
  targetType: 'post',
  targetId: postId,
  link: `/post/${postId}`,
  excerpt: 'My first post',
});

async function rowsOf(userId: string) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function list(who: TestUser, query = '') {
  const res = await who.http(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return NotificationPageSchema.parse(await res.json());
}

describe('notifier', () => {
  it('groups likes of one post while unread: "Rin and 12 others", newest three actors first', async () => {
    const author = await createUser(t);
    const postId = crypto.randomUUID();
    const likers: TestUser[] = [];
    for (let i = 0; i < 13; i++) likers.push(await createUser(t, { name: `Liker ${i}` }));
    for (const liker of likers) await notifier.notify(likeOf(author, liker, postId));
    // The same person again (unlike, like) counts once.
    await notifier.notify(likeOf(author, likers[3]!, postId));

    const rows = await rowsOf(author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorCount).toBe(13);
    const actorRows = await t.database.db
      .select()
      .from(notificationActors)
      .where(eq(notificationActors.notificationId, rows[0]!.id));
    expect(actorRows).toHaveLength(13);

    const page = await list(author);
    expect(page.items).toHaveLength(1);
    const n = page.items[0]!;
    expect(n).toMatchObject({
      type: 'like',
      subtype: 'post',
      actorCount: 13,
      link: `/post/${postId}`,
      excerpt: 'My first post',
      read: false,
    });
    expect(n.actors.map((a) => a.name)).toEqual(['Liker 12', 'Liker 11', 'Liker 10']);
  });

  it('starts a new notification once the grouped one was read', async () => {
    const author = await createUser(t);
    const [a, b] = [await createUser(t), await createUser(t)];
    const postId = crypto.randomUUID();
    await notifier.notify(likeOf(author, a, postId));
    const read = await author.http('/api/notifications/read', {
      method: 'POST',
      json: { all: true },
    });
    expect(await read.json()).toEqual({ unread: 0 });
    await notifier.notify(likeOf(author, b, postId));
    const page = await list(author);
    expect(page.items.map((n) => [n.actorCount, n.read])).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it('joins two likes that arrive at once into one notification with two actors (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const author = await createUser(t);
    const likers = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
    const postId = crypto.randomUUID();
    await Promise.all(likers.map((l) => notifier.notify(likeOf(author, l, postId))));
    const rows = await rowsOf(author.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorCount).toBe(4);
  });

  it('never notifies oneself, across a block (either way), the system account or a banned user', async () => {
    const author = await createUser(t);
    const me = await createUser(t);
    const postId = crypto.randomUUID();
    await notifier.notify(likeOf(author, author, postId));
    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: author.user.id, blockedId: me.user.id });
    await notifier.notify(likeOf(author, me, postId));
    expect(await rowsOf(author.user.id)).toHaveLength(0);

    const other = await createUser(t);
    const blocker = await createUser(t);
    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: blocker.user.id, blockedId: other.user.id });
    await notifier.notify(likeOf(other, blocker, postId));
    expect(await rowsOf(other.user.id)).toHaveLength(0);

    const banned = await createUser(t, { banned: true, signIn: false });
    await notifier.notify(likeOf(banned, me, postId));
    expect(await rowsOf(banned.user.id)).toHaveLength(0);
    const expired = await createUser(t, { banned: true, banExpires: new Date(Date.now() - 1000) });
    await notifier.notify(likeOf(expired, me, postId));
    expect(await rowsOf(expired.user.id)).toHaveLength(1);

    await notifier.notify({ ...likeOf(author, me, postId), recipientId: SYSTEM_USER_ID });
    expect(await rowsOf(SYSTEM_USER_ID)).toHaveLength(0);
  });

  it('follows the recipient’s switches; moderation and orders always notify', async () => {
    const author = await createUser(t);
    const fan = await createUser(t);
    const res = await author.http('/api/me/settings', {
      method: 'PATCH',
      json: { notifications: { likes: false, follows: false, comments: false, replies: false } },
    });
    expect(res.status).toBe(200);
    const postId = crypto.randomUUID();
    await notifier.notifyMany([
      likeOf(author, fan, postId),
      {
        recipientId: author.user.id,
        type: 'follow',
        actorId: fan.user.id,
        groupKey: 'follow',
        link: '/u/x',
      },
      {
        recipientId: author.user.id,
        type: 'comment',
        actorId: fan.user.id,
        groupKey: `comment:${postId}`,
        link: '/post/x',
      },
      { recipientId: author.user.id, type: 'reply', actorId: fan.user.id, link: '/post/x' },
    ]);
    expect(await rowsOf(author.user.id)).toHaveLength(0);

    await notifier.notifyMany([
      {
        recipientId: author.user.id,
        type: 'moderation',
        subtype: 'warned',
        link: '/settings',
        reason: 'Be kind',
      },
      { recipientId: author.user.id, type: 'order', subtype: 'paid', link: '/purchases' },
    ]);
    const page = await list(author);
    expect(page.items.map((n) => [n.type, n.subtype, n.actorCount, n.actors.length])).toEqual([
      ['order', 'paid', 0, 0],
      ['moderation', 'warned', 0, 0],
    ]);
    expect(page.items[1]!.reason).toBe('Be kind');
  });

  it('publishes notification.created with the unread count on user:{id}', async () => {
    const author = await createUser(t);
    const fan = await createUser(t, { name: 'Rin' });
    const live = await openLive(t.url, { cookie: author.cookie });
    try {
      await live.subscribe([liveTopics.user(author.user.id)]);
      await notifier.notify({
        recipientId: author.user.id,
        type: 'follow',
        actorId: fan.user.id,
        groupKey: 'follow',
        link: `/u/${fan.user.username}`,
      });
      const event = await live.next('notification.created', undefined, 10_000);
      expect(event.topic).toBe(`user:${author.user.id}`);
      expect(event.unread).toBe(1);
      expect(event.notification).toMatchObject({ type: 'follow', actorCount: 1 });
      expect(event.notification.actors[0]!.name).toBe('Rin');
    } finally {
      await live.close();
    }
  });

  it('hands each stored notification to the deliverers; a failing deliverer is logged, not thrown', async () => {
    const delivered: DeliveredNotification[] = [];
    const errors: string[] = [];
    const own = createNotifier({
      db: t.database.db,
      live: t.ctx.live,
      deliverers: [
        {
          async deliver() {
            throw new Error('push service down');
          },
        },
        {
          async deliver(n) {
            delivered.push(n);
          },
        },
      ],
      log: { error: (_o, msg) => errors.push(msg) },
    });
    const author = await createUser(t);
    const fan = await createUser(t, { name: 'Rin' });
    const postId = crypto.randomUUID();
    await own.notify(likeOf(author, fan, postId));
    await own.notify(likeOf(author, fan, postId)); // the same actor again: nothing new to deliver
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      recipientId: author.user.id,
      type: 'like',
      subtype: 'post',
      actorName: 'Rin',
      actorCount: 1,
      groupKey: `like:post:${postId}`,
      link: `/post/${postId}`,
    });
    expect(errors).toEqual(['notification delivery failed']);
  });

  it('logs instead of throwing when storing fails', async () => {
    const errors: string[] = [];
    const own = createNotifier({
      db: t.database.db,
      live: t.ctx.live,
      log: { error: (_o, msg) => errors.push(msg) },
    });
    const author = await createUser(t);
    // An actor who does not exist breaks the foreign key.
    await expect(
      own.notify({ ...likeOf(author, author, crypto.randomUUID()), actorId: crypto.randomUUID() }),
    ).resolves.toBeUndefined();
    expect(errors).toEqual(['notification failed']);
    expect(await rowsOf(author.user.id)).toHaveLength(0);
  });
});
