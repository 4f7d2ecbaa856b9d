import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ModerationCasePageSchema,
  ModerationCaseSchema,
  ModerationQueueCountSchema,
  type ModerationCase,
  type ReportReason,
} from '@otakura/shared';
import { comments, postImages, reports, shopItems, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import {
  createComment,
  createCommunity,
  createMedia,
  createPost,
  createShopItem,
  createUser,
  withCookie,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

const HOUR = 60 * 60 * 1000;

/** A report written straight to the table, at a chosen time (the queue's order depends on it). */
async function fileReport(values: {
  targetType: 'comment' | 'post' | 'user' | 'shop_item';
  targetId: string;
  reporterId: string;
  authorId: string | null;
  snapshot?: string;
  reason?: ReportReason;
  at?: Date;
  communityId?: string | null;
  postId?: string | null;
  mediaId?: string | null;
}) {
  await t.database.db.insert(reports).values({
    snapshot: 'snapshot',
    reason: 'spam',
    ...values,
    createdAt: values.at ?? new Date(),
  });
}

async function getCase(type: string, id: string): Promise<ModerationCase> {
  const res = await moderator.http(`/api/moderation/cases/${type}/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ModerationCaseSchema.parse(await res.json());
}

async function queuePage(query: string) {
  const res = await moderator.http(`/api/moderation/queue${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ModerationCasePageSchema.parse(await res.json());
}

async function count() {
  return ModerationQueueCountSchema.parse(
    await (await moderator.http('/api/moderation/queue/count')).json(),
  );
}

describe('who may use the moderation routes', () => {
  it('answers 401 signed out and 403 to plain users on every route; moderators and admins get in', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const id = newId();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/queue?status=closed'],
      ['GET', '/api/moderation/queue/count'],
      ['GET', `/api/moderation/cases/comment/${id}`],
      ['POST', `/api/moderation/cases/post/${id}/actions`, { action: 'dismiss', reason: 'ok' }],
      ['POST', `/api/moderation/users/${id}/warn`, { reason: 'be nice' }],
      ['POST', `/api/moderation/users/${id}/suspend`, { reason: 'spam', durationDays: 1 }],
      ['POST', `/api/moderation/users/${id}/unsuspend`, { reason: 'ok' }],
    ];
    for (const [method, path, json] of routes) {
      await expectError(await withCookie(t, '')(path, { method, json }), 401, 'unauthorized');
      await expectError(await user.http(path, { method, json }), 403, 'forbidden');
    }
    for (const staff of [moderator, admin]) {
      expect((await staff.http('/api/moderation/queue')).status).toBe(200);
      expect((await staff.http('/api/moderation/queue/count')).status).toBe(200);
    }
  });
});

describe('GET /api/moderation/queue', () => {
  it('groups reports by target: open cases oldest first report first, keyset pages without gaps, and counts the overdue', async () => {
    const before = await count();
    const author = await createUser(t);
    const [r1, r2, r3] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    const item = await createShopItem(t, { sellerId: author.user.id });
    // Far in the past, so these are the oldest open cases of this database.
    const base = Date.parse('2001-01-01T00:00:00Z');
    await fileReport({
      targetType: 'comment',
      targetId: comment.id,
      reporterId: r1.user.id,
      authorId: author.user.id,
      at: new Date(base + 3 * HOUR),
    });
    await fileReport({
      targetType: 'comment',
      targetId: comment.id,
      reporterId: r2.user.id,
      authorId: author.user.id,
      at: new Date(base + 1 * HOUR),
      reason: 'harassment',
    });
    await fileReport({
      targetType: 'post',
      targetId: post.id,
      reporterId: r1.user.id,
      authorId: author.user.id,
      at: new Date(base + 2 * HOUR),
    });
    await fileReport({
      targetType: 'shop_item',
      targetId: item.id,
      reporterId: r3.user.id,
      authorId: author.user.id,
      at: new Date(base),
    });

    const all = await queuePage('?limit=3');
    expect(all.items.map((c) => [c.targetType, c.targetId, c.reportCount])).toEqual([
      ['shop_item', item.id, 1],
      ['comment', comment.id, 2],
      ['post', post.id, 1],
    ]);
    expect(all.items.every((c) => c.status === 'open' && c.resolution === null)).toBe(true);

    // One by one: the same three, then whatever else is open, never twice.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queuePage(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((c) => c.targetId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.slice(0, 3)).toEqual([item.id, comment.id, post.id]);
    expect(new Set(seen).size).toBe(seen.length);

    const onlyPosts = await queuePage('?type=post&limit=100');
    expect(onlyPosts.items.every((c) => c.targetType === 'post')).toBe(true);
    expect(onlyPosts.items.map((c) => c.targetId)).toContain(post.id);

    // All three are years past their 24 hours.
    expect(await count()).toEqual({ open: before.open + 3, overdue: before.overdue + 3 });
    // A fresh report is open but not overdue.
    const fresh = await createPost(t, { userId: author.user.id });
    expect(
      (await r2.http(`/api/posts/${fresh.id}/report`, { method: 'POST', json: { reason: 'spam' } }))
        .status,
    ).toBe(201);
    expect(await count()).toEqual({ open: before.open + 4, overdue: before.overdue + 3 });
  });

  it('lists closed cases most recently closed first, with the resolution; a target reported again has a new open case', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const a = await createPost(t, { userId: author.user.id });
    const b = await createPost(t, { userId: author.user.id });
    for (const p of [a, b])
      await reporter.http(`/api/posts/${p.id}/report`, {
        method: 'POST',
        json: { reason: 'spam' },
      });
    const act = (id: string, reason: string) =>
      moderator.http(`/api/moderation/cases/post/${id}/actions`, {
        method: 'POST',
        json: { action: 'dismiss', reason },
      });
    expect((await act(a.id, 'Fine by the rules')).status).toBe(200);
    expect((await act(b.id, 'Not spam')).status).toBe(200);

    const closed = await queuePage('?status=closed&limit=2');
    expect(closed.items.map((c) => c.targetId)).toEqual([b.id, a.id]);
    expect(closed.items[0]).toMatchObject({
      status: 'closed',
      resolution: { action: 'dismiss', reason: 'Not spam', moderator: { id: moderator.user.id } },
    });
    expect(closed.nextCursor).toBeNull();
    const first = await queuePage('?status=closed&limit=1');
    const second = await queuePage(`?status=closed&limit=1&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((c) => c.targetId)).toEqual([b.id, a.id]);
    expect(second.nextCursor).toBeNull();

    // Reported again by someone else: a new open case; the case route shows it, not the old one.
    const other = await createUser(t);
    await other.http(`/api/posts/${a.id}/report`, { method: 'POST', json: { reason: 'spoiler' } });
    const reopened = await getCase('post', a.id);
    expect(reopened).toMatchObject({ status: 'open', reportCount: 1, resolution: null });
    expect(reopened.reports.map((r) => r.reporter.id)).toEqual([other.user.id]);
    // The old case stays in the closed list.
    const closedAgain = await queuePage('?status=closed&limit=100');
    expect(closedAgain.items.filter((c) => c.targetId === a.id)).toHaveLength(1);
  });

  it('refuses a cursor it did not hand out, or one of the other list', async () => {
    await expectCursorRefused(await moderator.http('/api/moderation/queue?cursor=nope'));
    const author = await createUser(t);
    const reporter = await createUser(t);
    for (let i = 0; i < 2; i++) {
      const p = await createPost(t, { userId: author.user.id });
      await reporter.http(`/api/posts/${p.id}/report`, {
        method: 'POST',
        json: { reason: 'spam' },
      });
    }
    const open = await queuePage('?limit=1');
    expect(open.nextCursor).not.toBeNull();
    await expectCursorRefused(
      await moderator.http(`/api/moderation/queue?status=closed&cursor=${open.nextCursor}`),
    );
  });
});

describe('GET /api/moderation/cases/:targetType/:targetId', () => {
  it('shows a post comment with snapshot and current text, its place, link, author standing, reasons and due time', async () => {
    const author = await createUser(t, { name: 'Author' });
    const community = await createCommunity(t, { name: 'Isekai Corner' });
    const post = await createPost(t, {
      userId: author.user.id,
      communityId: community.id,
      title: 'Best opening of 2026?',
    });
    const comment = await createComment(t, {
      userId: author.user.id,
      postId: post.id,
      body: 'first words',
    });
    const reporters = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const reasons: ReportReason[] = ['spam', 'harassment', 'spam'];
    for (const [i, r] of reporters.entries()) {
      const res = await r.http(`/api/comments/${comment.id}/report`, {
        method: 'POST',
        json: { reason: reasons[i] },
      });
      expect(res.status).toBe(201);
    }
    await t.database.db
      .update(comments)
      .set({ body: 'edited words' })
      .where(eq(comments.id, comment.id));

    const c = await getCase('comment', comment.id);
    expect(c).toMatchObject({
      targetType: 'comment',
      targetId: comment.id,
      status: 'open',
      content: {
        snapshot: 'first words',
        current: 'edited words',
        imageUrl: null,
        context: {
          communityId: community.id,
          communityName: 'Isekai Corner',
          postId: post.id,
          postTitle: 'Best opening of 2026?',
          mediaId: null,
          mediaTitle: null,
        },
        link: `/post/${post.id}`,
        gone: false,
      },
      author: {
        id: author.user.id,
        name: 'Author',
        role: 'user',
        suspended: false,
        suspendedUntil: null,
        warningCount: 0,
      },
      reportCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'harassment', count: 1 },
      ],
      resolution: null,
    });
    // Newest report first.
    expect(c.reports.map((r) => r.reporter.id)).toEqual(reporters.map((r) => r.user.id).reverse());
    expect(Date.parse(c.dueAt) - Date.parse(c.firstReportedAt)).toBe(24 * HOUR);
    expect(c.firstReportedAt).toBe(c.reports[2]!.createdAt);
  });

  it('links a media comment to the media comments page; a deleted comment is gone with no current text', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const entry = await createMedia(t, { title: 'Frieren' });
    const comment = await createComment(t, { userId: author.user.id, mediaId: entry.id });
    await reporter.http(`/api/comments/${comment.id}/report`, {
      method: 'POST',
      json: { reason: 'spoiler' },
    });
    await author.http(`/api/comments/${comment.id}`, { method: 'DELETE' });
    const c = await getCase('comment', comment.id);
    expect(c.content).toMatchObject({
      link: `/media/comments/${entry.id}`,
      context: { mediaId: entry.id, mediaTitle: 'Frieren', postId: null, communityId: null },
      current: null,
      gone: true,
      snapshot: 'Nice!',
    });
  });

  it('shows pictures and links of posts, users and shop items, and keeps only the 20 newest reports', async () => {
    const author = await createUser(t, { profileImageKey: 'user-profile-images/a/face.webp' });
    const post = await createPost(t, { userId: author.user.id, title: 'Look', body: '' });
    await t.database.db.insert(postImages).values({
      postId: post.id,
      position: 0,
      key: 'post-images/p/one.webp',
      width: 10,
      height: 10,
    });
    const item = await createShopItem(t, {
      sellerId: author.user.id,
      name: 'Figure',
      about: '',
      imageKey: 'shop/figure.webp',
    });
    const reporters = await Promise.all(Array.from({ length: 21 }, () => createUser(t)));
    for (const r of reporters)
      await fileReport({
        targetType: 'user',
        targetId: author.user.id,
        reporterId: r.user.id,
        authorId: author.user.id,
      });
    await reporters[0]!.http(`/api/posts/${post.id}/report`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    await reporters[0]!.http(`/api/shop/items/${item.id}/report`, {
      method: 'POST',
      json: { reason: 'spam' },
    });

    const p = await getCase('post', post.id);
    expect(p.content).toMatchObject({
      snapshot: 'Look',
      current: 'Look',
      imageUrl: '/files/post-images/p/one.webp',
      link: `/post/${post.id}`,
      context: { postId: post.id, communityId: post.communityId },
    });
    const u = await getCase('user', author.user.id);
    expect(u.content).toMatchObject({
      imageUrl: '/files/user-profile-images/a/face.webp',
      link: `/user/${author.user.id}`,
      gone: false,
    });
    expect(u.reportCount).toBe(21);
    expect(u.reports).toHaveLength(20);
    const i = await getCase('shop_item', item.id);
    expect(i.content).toMatchObject({
      snapshot: 'Figure',
      current: 'Figure',
      imageUrl: '/files/shop/figure.webp',
      link: `/item/${item.id}`,
    });
    await t.database.db
      .update(shopItems)
      .set({ hiddenAt: new Date() })
      .where(eq(shopItems.id, item.id));
    expect((await getCase('shop_item', item.id)).content).toMatchObject({
      current: null,
      gone: true,
    });
  });

  it('shows the author suspended when they are', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    await reporter.http(`/api/posts/${post.id}/report`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    const until = new Date(Date.now() + 48 * HOUR);
    await t.database.db
      .update(users)
      .set({ banned: true, banReason: 'Spam', banExpires: until })
      .where(inArray(users.id, [author.user.id]));
    expect((await getCase('post', post.id)).author).toMatchObject({
      suspended: true,
      suspendedUntil: until.toISOString(),
      suspensionReason: 'Spam',
    });
  });

  it('answers 404 case_not_found for a target never reported, and 400 for an unknown type', async () => {
    for (const id of [newId(), 'nope'])
      await expectError(
        await moderator.http(`/api/moderation/cases/post/${id}`),
        404,
        'case_not_found',
      );
    await expectError(
      await moderator.http(`/api/moderation/cases/planet/${newId()}`),
      400,
      'validation_error',
    );
  });
});
