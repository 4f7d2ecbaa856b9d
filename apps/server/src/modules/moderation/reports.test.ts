import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SUCCESS_MESSAGE } from '@otakura/shared';
import { posts, reports, shopItems, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { writeLimitSettings } from '../../plugins/write-rate-limits';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createPost,
  createShopItem,
  createUser,
  withCookie,
  type TestUser,
} from '../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

type Kind = 'post' | 'user' | 'shop_item';
const pathOf = (kind: Kind, id: string) =>
  kind === 'post'
    ? `/api/posts/${id}/report`
    : kind === 'user'
      ? `/api/users/${id}/report`
      : `/api/shop/items/${id}/report`;

const report = (
  who: TestUser,
  kind: Kind,
  id: string,
  json: Record<string, unknown> = { reason: 'spam' },
) => who.http(pathOf(kind, id), { method: 'POST', json });

function reportsOf(kind: Kind, id: string) {
  return t.database.db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, kind), eq(reports.targetId, id)));
}

describe('POST /api/posts/:postId/report', () => {
  it('stores the snapshot (title and body), author and place; 201 then 200 with the same message', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await createPost(t, {
      userId: author.user.id,
      title: 'Buy cheap figures',
      body: 'visit my shop',
    });
    const first = await report(reporter, 'post', post.id, {
      reason: 'other',
      details: 'Same link everywhere',
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: REPORT_SUCCESS_MESSAGE });
    const again = await report(reporter, 'post', post.id, { reason: 'harassment' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: REPORT_SUCCESS_MESSAGE });

    const rows = await reportsOf('post', post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: reporter.user.id,
      authorId: author.user.id,
      snapshot: 'Buy cheap figures\n\nvisit my shop',
      reason: 'other',
      details: 'Same link everywhere',
      communityId: post.communityId,
      postId: post.id,
      mediaId: null,
      status: 'open',
    });
  });

  it('refuses your own post (403) and unknown, malformed or deleted posts (404)', async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    await expectError(await report(author, 'post', post.id), 403, 'cannot_report_own_content');
    const gone = await createPost(t, { userId: author.user.id });
    await t.database.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, gone.id));
    for (const id of [gone.id, newId(), 'nope'])
      await expectError(await report(other, 'post', id), 404, 'post_not_found');
    expect(await reportsOf('post', post.id)).toHaveLength(0);
  });
});

describe('POST /api/users/:userId/report', () => {
  it('keeps name, username and bio as the snapshot; not oneself; suspended or unknown accounts are 404', async () => {
    const target = await createUser(t, { name: 'Rin', bio: 'I sell fakes' });
    const reporter = await createUser(t);
    const res = await report(reporter, 'user', target.user.id, { reason: 'spam' });
    expect(res.status).toBe(201);
    const [row] = await reportsOf('user', target.user.id);
    expect(row).toMatchObject({
      authorId: target.user.id,
      snapshot: `Rin (@${target.user.displayUsername})\n\nI sell fakes`,
      communityId: null,
      postId: null,
      mediaId: null,
    });

    await expectError(
      await report(reporter, 'user', reporter.user.id),
      403,
      'cannot_report_own_content',
    );
    const banned = await createUser(t);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, banned.user.id));
    for (const id of [banned.user.id, newId(), 'x'])
      await expectError(await report(reporter, 'user', id), 404, 'user_not_found');
  });
});

describe('POST /api/shop/items/:itemId/report', () => {
  it("reports someone else's item with name and about; own → 403; hidden or unknown → 404", async () => {
    const seller = await createUser(t);
    const reporter = await createUser(t);
    const item = await createShopItem(t, {
      sellerId: seller.user.id,
      name: 'Signed poster',
      about: 'Totally real',
    });
    expect((await report(reporter, 'shop_item', item.id)).status).toBe(201);
    expect((await reportsOf('shop_item', item.id))[0]).toMatchObject({
      authorId: seller.user.id,
      snapshot: 'Signed poster\n\nTotally real',
    });
    await expectError(await report(seller, 'shop_item', item.id), 403, 'cannot_report_own_content');

    const hidden = await createShopItem(t, { sellerId: seller.user.id });
    await t.database.db
      .update(shopItems)
      .set({ hiddenAt: new Date() })
      .where(eq(shopItems.id, hidden.id));
    for (const id of [hidden.id, newId()])
      await expectError(await report(reporter, 'shop_item', id), 404, 'shop_item_not_found');
  });
});

describe('every report route', () => {
  it('needs a signed-in user and a valid reason', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const item = await createShopItem(t, { sellerId: author.user.id });
    const targets: [Kind, string][] = [
      ['post', post.id],
      ['user', author.user.id],
      ['shop_item', item.id],
    ];
    for (const [kind, id] of targets) {
      await expectError(
        await withCookie(t, '')(pathOf(kind, id), { method: 'POST', json: { reason: 'spam' } }),
        401,
        'unauthorized',
      );
      await expectError(
        await report(reporter, kind, id, { reason: 'because' }),
        400,
        'validation_error',
      );
      expect(await reportsOf(kind, id)).toHaveLength(0);
    }
  });

  it('share one write rate limit per user (429 once passed)', async () => {
    const rules = writeLimitSettings(t.ctx);
    const saved = rules.report.max;
    rules.report.max = 2;
    try {
      const author = await createUser(t);
      const reporter = await createUser(t);
      const a = await createPost(t, { userId: author.user.id });
      const b = await createShopItem(t, { sellerId: author.user.id });
      expect((await report(reporter, 'post', a.id)).status).toBe(201);
      expect((await report(reporter, 'shop_item', b.id)).status).toBe(201);
      await expectError(await report(reporter, 'user', author.user.id), 429, 'rate_limited');
      expect(await reportsOf('user', author.user.id)).toHaveLength(0);
    } finally {
      rules.report.max = saved;
    }
  });
});
