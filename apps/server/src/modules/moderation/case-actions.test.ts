import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartQuoteSchema,
  DELETED_COMMENT_TEXT,
  ModerationCaseSchema,
  PostPageSchema,
  ShopItemPageSchema,
  SYSTEM_USER_ID,
  type CaseActionInput,
} from '@otakura/shared';
import {
  auditLog,
  comments,
  notifications,
  posts,
  reports,
  sessions,
  shopItems,
  users,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createComment,
  createPost,
  createShopItem,
  createUser,
  reloadUser,
  type TestUser,
} from '../../test/factories';
import { openLive } from '../live/live.test-helpers';

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

const act = (type: string, id: string, json: CaseActionInput, who: TestUser = moderator) =>
  who.http(`/api/moderation/cases/${type}/${id}/actions`, { method: 'POST', json });

async function acted(type: string, id: string, json: CaseActionInput) {
  const res = await act(type, id, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return ModerationCaseSchema.parse(await res.json());
}

const reportIt = async (who: TestUser, path: string, reason = 'spam') => {
  const res = await who.http(path, { method: 'POST', json: { reason } });
  expect(res.status).toBe(201);
};

function auditOf(targetId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

function noticesOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'moderation')));
}

function reportRows(targetId: string) {
  return t.database.db.select().from(reports).where(eq(reports.targetId, targetId));
}

/** An author, a post of theirs with a comment of theirs, and two people who report. */
async function scene() {
  const author = await createUser(t);
  const r1 = await createUser(t);
  const r2 = await createUser(t);
  const post = await createPost(t, { userId: author.user.id, title: 'Hot take', body: 'words' });
  const comment = await createComment(t, {
    userId: author.user.id,
    postId: post.id,
    body: 'you are all wrong',
  });
  return { author, r1, r2, post, comment };
}

describe('dismiss', () => {
  it('closes every open report as dismissed, keeps the content, logs it and tells each reporter', async () => {
    const { author, r1, r2, comment, post } = await scene();
    await reportIt(r1, `/api/comments/${comment.id}/report`);
    await reportIt(r2, `/api/comments/${comment.id}/report`, 'harassment');

    const closed = await acted('comment', comment.id, {
      action: 'dismiss',
      reason: 'Rude but within the rules',
    });
    expect(closed).toMatchObject({
      status: 'closed',
      reportCount: 2,
      content: { current: 'you are all wrong', gone: false },
      resolution: {
        action: 'dismiss',
        reason: 'Rude but within the rules',
        moderator: { id: moderator.user.id },
      },
    });
    const rows = await reportRows(comment.id);
    expect(
      rows.map((r) => [r.status, r.resolutionAction, r.resolutionReason, r.resolvedById]),
    ).toEqual([
      ['dismissed', 'dismiss', 'Rude but within the rules', moderator.user.id],
      ['dismissed', 'dismiss', 'Rude but within the rules', moderator.user.id],
    ]);
    const [c] = await t.database.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(c!.body).toBe('you are all wrong');

    expect(await auditOf(comment.id)).toEqual([
      expect.objectContaining({
        actorId: moderator.user.id,
        action: 'report.dismiss',
        targetType: 'comment',
        subjectId: author.user.id,
        reason: 'Rude but within the rules',
        label: 'you are all wrong',
      }),
    ]);
    for (const r of [r1, r2])
      expect(await noticesOf(r.user.id)).toEqual([
        expect.objectContaining({
          subtype: 'report_dismissed',
          reason: 'Rude but within the rules',
          link: `/post/${post.id}`,
          excerpt: 'you are all wrong',
          targetType: 'comment',
          targetId: comment.id,
        }),
      ]);
    expect(await noticesOf(author.user.id)).toEqual([]);

    // The case is closed: a second action finds nothing open.
    await expectError(
      await act('comment', comment.id, { action: 'remove', reason: 'changed my mind' }),
      404,
      'case_not_found',
    );
  });
});

describe('remove', () => {
  it('makes a comment the tombstone its author would leave, and tells author and reporters', async () => {
    const { author, r1, comment } = await scene();
    await reportIt(r1, `/api/comments/${comment.id}/report`);
    const closed = await acted('comment', comment.id, {
      action: 'remove',
      reason: 'Personal attack',
    });
    expect(closed.content).toMatchObject({
      current: null,
      gone: true,
      snapshot: 'you are all wrong',
    });
    const [c] = await t.database.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(c).toMatchObject({ body: DELETED_COMMENT_TEXT, userId: SYSTEM_USER_ID });
    expect(c!.deletedAt).not.toBeNull();
    expect((await reportRows(comment.id))[0]).toMatchObject({
      status: 'resolved',
      resolutionAction: 'remove',
    });
    expect(await auditOf(comment.id)).toEqual([
      expect.objectContaining({
        action: 'content.remove',
        actorId: moderator.user.id,
        subjectId: author.user.id,
        reason: 'Personal attack',
      }),
    ]);
    expect(await noticesOf(author.user.id)).toEqual([
      expect.objectContaining({
        subtype: 'content_removed',
        reason: 'Personal attack',
        excerpt: 'you are all wrong',
      }),
    ]);
    expect(await noticesOf(r1.user.id)).toEqual([
      expect.objectContaining({ subtype: 'report_actioned', reason: 'Personal attack' }),
    ]);
  });

  it('deletes a post as its author would: gone from the feed and its page, counters exact, post.deleted live', async () => {
    const { author, r1, post } = await scene();
    const watcher = await openLive(t.url, { cookie: r1.cookie, origin: t.config.publicUrl });
    try {
      await watcher.subscribe([`post:${post.id}`]);
      await reportIt(r1, `/api/posts/${post.id}/report`);
      const before = await reloadUser(t, author.user.id);
      await acted('post', post.id, { action: 'remove', reason: 'Off topic' });
      await watcher.next('post.deleted', (e) => e.postId === post.id);
      expect((await reloadUser(t, author.user.id)).postCount).toBe(before.postCount - 1);
    } finally {
      await watcher.close();
    }
    expect(await counterMismatches(t)).toEqual([]);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await r1.http(`/api/posts/${post.id}`)).status).toBe(404);
    const feed = PostPageSchema.parse(await (await r1.http('/api/feed?tab=all&limit=100')).json());
    expect(feed.items.map((p) => p.id)).not.toContain(post.id);
    expect(await noticesOf(author.user.id)).toEqual([
      expect.objectContaining({ subtype: 'content_removed', targetId: post.id }),
    ]);
  });

  it('hides a shop item: out of the catalog, search, its page, likes, carts and checkout', async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t);
    const item = await createShopItem(t, { sellerId: seller.user.id, name: 'Fake Figure zq' });
    await reportIt(buyer, `/api/shop/items/${item.id}/report`);
    await acted('shop_item', item.id, { action: 'remove', reason: 'Counterfeit' });

    const [row] = await t.database.db.select().from(shopItems).where(eq(shopItems.id, item.id));
    expect(row!.hiddenAt).not.toBeNull();
    expect((await buyer.http(`/api/shop/items/${item.id}`)).status).toBe(404);
    const list = ShopItemPageSchema.parse(
      await (await buyer.http('/api/shop/items?limit=100')).json(),
    );
    expect(list.items.map((i) => i.id)).not.toContain(item.id);
    const search = ShopItemPageSchema.parse(
      await (await buyer.http('/api/shop/items?q=Fake%20Figure%20zq')).json(),
    );
    expect(search.items).toEqual([]);
    expect((await buyer.http(`/api/shop/items/${item.id}/like`, { method: 'PUT' })).status).toBe(
      404,
    );
    const cart = { lines: [{ itemId: item.id, quantity: 1 }] };
    const quote = CartQuoteSchema.parse(
      await (await buyer.http('/api/cart/quote', { method: 'POST', json: cart })).json(),
    );
    expect(quote.lines[0]).toMatchObject({ itemId: item.id, quantity: 0, problem: 'not_found' });
    const checkout = await buyer.http('/api/checkout', { method: 'POST', json: cart });
    expect(checkout.status).toBeGreaterThanOrEqual(400);
    expect(await auditOf(item.id)).toEqual([
      expect.objectContaining({ action: 'content.remove', targetType: 'shop_item' }),
    ]);
  });

  it('refuses an account (400: suspend instead) and content already gone (409)', async () => {
    const { author, r1, comment } = await scene();
    await reportIt(r1, `/api/users/${author.user.id}/report`);
    await expectError(
      await act('user', author.user.id, { action: 'remove', reason: 'x' }),
      400,
      'bad_request',
    );
    await reportIt(r1, `/api/comments/${comment.id}/report`);
    await author.http(`/api/comments/${comment.id}`, { method: 'DELETE' });
    await expectError(
      await act('comment', comment.id, { action: 'remove', reason: 'x' }),
      409,
      'case_content_gone',
    );
    // Nothing was closed: dismissing still works.
    expect((await reportRows(comment.id))[0]!.status).toBe('open');
    expect((await act('comment', comment.id, { action: 'dismiss', reason: 'Gone' })).status).toBe(
      200,
    );
  });
});

describe('warn and suspend from a case', () => {
  it('warns the author: content stays, the warning counts, author and reporters are told', async () => {
    const { author, r1, post } = await scene();
    await reportIt(r1, `/api/posts/${post.id}/report`);
    const closed = await acted('post', post.id, { action: 'warn', reason: 'Mind the tone' });
    expect(closed).toMatchObject({
      content: { gone: false },
      author: { id: author.user.id, warningCount: 1 },
      resolution: { action: 'warn' },
    });
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, author.user.id)),
    ).toEqual([
      expect.objectContaining({
        action: 'user.warn',
        targetType: 'user',
        targetId: author.user.id,
        actorId: moderator.user.id,
        reason: 'Mind the tone',
        details: expect.objectContaining({ caseTargetType: 'post', caseTargetId: post.id }),
      }),
    ]);
    expect(await noticesOf(author.user.id)).toEqual([
      expect.objectContaining({
        subtype: 'warned',
        reason: 'Mind the tone',
        excerpt: 'Hot take words',
      }),
    ]);
    expect(await noticesOf(r1.user.id)).toEqual([
      expect.objectContaining({ subtype: 'report_actioned' }),
    ]);
  });

  it('suspends the author for the days given: sessions end, the case closes', async () => {
    const { author, r1, comment } = await scene();
    await reportIt(r1, `/api/comments/${comment.id}/report`);
    expect(
      (await act('comment', comment.id, { action: 'suspend', reason: 'Spam wave' })).status,
    ).toBe(400);
    const closed = await acted('comment', comment.id, {
      action: 'suspend',
      reason: 'Spam wave',
      durationDays: 7,
    });
    expect(closed.author).toMatchObject({ suspended: true, suspensionReason: 'Spam wave' });
    const until = Date.parse(closed.author!.suspendedUntil!);
    expect(Math.abs(until - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, author.user.id)),
    ).toEqual([]);
    expect((await author.http('/api/me')).status).toBe(401);
    // The reporter is told; the author's `suspended` notice is the notifier's to keep for a
    // suspended account (docs/moderation.md), checked in suspension.test.ts.
    expect(await noticesOf(r1.user.id)).toEqual([
      expect.objectContaining({ subtype: 'report_actioned', reason: 'Spam wave' }),
    ]);
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, author.user.id)),
    ).toEqual([
      expect.objectContaining({
        action: 'user.suspend',
        details: expect.objectContaining({ durationDays: 7 }),
      }),
    ]);
  });

  it('never warns or suspends staff, never acts on oneself', async () => {
    const staffAuthor = await createUser(t, { role: 'moderator' });
    const r1 = await createUser(t);
    const post = await createPost(t, { userId: staffAuthor.user.id });
    await reportIt(r1, `/api/posts/${post.id}/report`);
    await expectError(
      await act('post', post.id, { action: 'warn', reason: 'x' }),
      403,
      'cannot_moderate_staff',
    );
    await expectError(
      await act('post', post.id, { action: 'suspend', reason: 'x', durationDays: null }),
      403,
      'cannot_moderate_staff',
    );
    const [u] = await t.database.db.select().from(users).where(eq(users.id, staffAuthor.user.id));
    expect(u!.banned).toBe(false);
    // The staff member cannot close the case about their own post either.
    await expectError(
      await act('post', post.id, { action: 'dismiss', reason: 'mine' }, staffAuthor),
      403,
      'cannot_moderate_self',
    );
    // Another moderator may remove the content.
    expect((await act('post', post.id, { action: 'remove', reason: 'Off topic' })).status).toBe(
      200,
    );
  });
});

describe('two moderators at once', () => {
  it('lets one action close the case; the other finds nothing open (404) and changes nothing', async () => {
    const { r1, post } = await scene();
    const other = await createUser(t, { role: 'admin' });
    await reportIt(r1, `/api/posts/${post.id}/report`);
    const results = await Promise.all([
      act('post', post.id, { action: 'remove', reason: 'Off topic' }),
      act('post', post.id, { action: 'dismiss', reason: 'Fine' }, other),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    const lines = await auditOf(post.id);
    expect(lines).toHaveLength(1);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    // The post is deleted exactly when the removal won.
    expect(row!.deletedAt !== null).toBe(lines[0]!.action === 'content.remove');
    expect(await counterMismatches(t)).toEqual([]);
    expect(await noticesOf(r1.user.id)).toHaveLength(1);
    expect((await reportRows(post.id)).map((r) => r.status)).not.toContain('open');
  });
});
