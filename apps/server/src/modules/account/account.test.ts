import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountExportSchema,
  AccountStatsSchema,
  DELETED_COMMENT_TEXT,
  SYSTEM_USER_ID,
} from '@otakura/shared';
import {
  accounts,
  comments,
  communities,
  media,
  orders,
  posts,
  sessions,
  shopItems,
  twoFactors,
  users,
  userSettings,
} from '../../db/schema';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createComment,
  createCommunity,
  createMedia,
  createOrder,
  createPost,
  createShopItem,
  createUser,
  followUser,
  joinCommunity,
  like,
  reloadUser,
} from '../../test/factories';
import { CARD, checkout, sessionIdOf } from '../orders/orders.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

/**
 * U with a bit of everything: posts (one soft-deleted) in two communities, comments
 * on V's post and on a media entry, likes given and received of every kind, follows
 * both ways, memberships, a shop item and an order, files in each of their folders.
 */
async function buildWorld() {
  const u = await createUser(t);
  const v = await createUser(t);
  const w = await createUser(t, { signIn: false });
  const c1 = await createCommunity(t);
  const c2 = await createCommunity(t);
  for (const c of [c1, c2]) await joinCommunity(t, u.user.id, c.id);
  await joinCommunity(t, v.user.id, c1.id);

  const p1 = await createPost(t, { userId: u.user.id, communityId: c1.id, title: 'U post one' });
  const p2 = await createPost(t, { userId: u.user.id, communityId: c2.id, title: 'U post two' });
  const p3 = await createPost(t, { userId: u.user.id, communityId: c1.id, deletedAt: new Date() });
  const pv = await createPost(t, { userId: v.user.id, communityId: c1.id, title: 'V post' });
  const m = await createMedia(t);

  const cv = await createComment(t, { userId: v.user.id, postId: pv.id, body: 'V on own post' });
  const cvOnU = await createComment(t, { userId: v.user.id, postId: p1.id, body: 'V on U post' });
  const cu1 = await createComment(t, {
    userId: u.user.id,
    postId: pv.id,
    body: 'U says hi',
    replyToId: cv.id,
  });
  const cu2 = await createComment(t, { userId: u.user.id, mediaId: m.id, body: 'U on media' });
  const cu3 = await createComment(t, { userId: u.user.id, postId: p1.id, body: 'U on own post' });

  const vItem = await createShopItem(t, { sellerId: v.user.id, name: 'V figure' });
  const uItem = await createShopItem(t, { sellerId: u.user.id, name: 'U poster' });

  // Likes U gives: 5.
  await like(t, 'post', u.user.id, pv.id);
  await like(t, 'post', u.user.id, p1.id);
  await like(t, 'comment', u.user.id, cv.id);
  await like(t, 'media', u.user.id, m.id);
  await like(t, 'shopItem', u.user.id, vItem.id);
  // Likes U receives: p1 ← v, w (and U itself); p2 ← v; p3 (soft-deleted) ← v; cu1 ← v, w.
  await like(t, 'post', v.user.id, p1.id);
  await like(t, 'post', w.user.id, p1.id);
  await like(t, 'post', v.user.id, p2.id);
  await like(t, 'post', v.user.id, p3.id);
  await like(t, 'comment', v.user.id, cu1.id);
  await like(t, 'comment', w.user.id, cu1.id);
  await like(t, 'post', w.user.id, pv.id);
  await like(t, 'shopItem', w.user.id, uItem.id);

  await followUser(t, u.user.id, v.user.id);
  await followUser(t, v.user.id, u.user.id);
  await followUser(t, w.user.id, u.user.id);
  await followUser(t, v.user.id, w.user.id);

  const uOrder = await createOrder(t, { userId: u.user.id, items: [{ item: vItem, quantity: 2 }] });
  await createOrder(t, { userId: w.user.id, items: [{ item: uItem, quantity: 1 }] });

  const put = (key: string) => t.storage.put(key, Buffer.from('x'), { contentType: 'image/webp' });
  const uFiles = [
    `user-profile-images/${u.user.id}/a-640.webp`,
    `post-images/${u.user.id}/b-1280.webp`,
    `post-videos/${u.user.id}/c.mp4`,
  ];
  const vFiles = [
    `user-profile-images/${v.user.id}/d-640.webp`,
    `post-images/${v.user.id}/e-640.webp`,
  ];
  for (const k of [...uFiles, ...vFiles]) await put(k);

  return {
    u,
    v,
    w,
    c1,
    c2,
    p1,
    p2,
    p3,
    pv,
    m,
    cv,
    cvOnU,
    cu1,
    cu2,
    cu3,
    vItem,
    uItem,
    uOrder,
    uFiles,
    vFiles,
  };
}

describe('GET /api/me/stats', () => {
  it('counts posts, comments, likes given and received, follows and communities from the rows', async () => {
    const { u } = await buildWorld();
    const res = await u.http('/api/me/stats');
    expect(res.status).toBe(200);
    expect(AccountStatsSchema.parse(await res.json())).toEqual({
      posts: 2,
      comments: 3,
      likesGiven: 5,
      // p1: u, v, w; p2: v; cu1: v, w. The soft-deleted post's like does not count.
      likesReceived: 6,
      followers: 2,
      following: 1,
      communities: 2,
      memberSince: u.user.createdAt.toISOString(),
    });
  });

  it('answers 401 without a session', async () => {
    await expectError(await t.http('/api/me/stats'), 401, 'unauthorized');
  });
});

describe('GET /api/me/export', () => {
  it('downloads everything held about the user as a JSON attachment', async () => {
    const world = await buildWorld();
    const { u } = world;
    await t.database.db.insert(userSettings).values({ userId: u.user.id, defaultSort: 'top' });
    const res = await u.http('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="otakura-data-${u.user.displayUsername}.json"`,
    );
    const data = AccountExportSchema.parse(await res.json());
    expect(data.profile).toMatchObject({
      id: u.user.id,
      email: u.user.email,
      username: u.user.displayUsername,
    });
    expect(data.settings).toMatchObject({ defaultSort: 'top' });
    expect(data.signInMethods.map((s) => s.provider)).toEqual(['credential']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.posts.map((p) => p.id).sort()).toEqual(
      [world.p1.id, world.p2.id, world.p3.id].sort(),
    );
    expect(data.comments.map((c) => c.id).sort()).toEqual(
      [world.cu1.id, world.cu2.id, world.cu3.id].sort(),
    );
    expect(data.likes.posts.map((l) => l.postId).sort()).toEqual([world.pv.id, world.p1.id].sort());
    expect(data.likes.comments).toEqual([expect.objectContaining({ commentId: world.cv.id })]);
    expect(data.likes.media).toEqual([expect.objectContaining({ mediaId: world.m.id })]);
    expect(data.likes.shopItems).toEqual([expect.objectContaining({ itemId: world.vItem.id })]);
    expect(data.following.map((f) => f.userId)).toEqual([world.v.user.id]);
    expect(data.followers.map((f) => f.userId).sort()).toEqual(
      [world.v.user.id, world.w.user.id].sort(),
    );
    expect(data.memberships.map((m) => m.communityId).sort()).toEqual(
      [world.c1.id, world.c2.id].sort(),
    );
    expect(data.shopItems.map((i) => i.id)).toEqual([world.uItem.id]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: world.uOrder.id,
        status: 'paid',
        lines: [expect.objectContaining({ itemId: world.vItem.id, quantity: 2 })],
      }),
    ]);
  });

  it('includes every order the user bought (paid with lines and totals, cancelled with its reason), newest first, no one else’s and no payment secrets', async () => {
    const buyer = await createUser(t);
    const other = await createUser(t);
    const seller = await createUser(t, { signIn: false });
    const figure = await createShopItem(t, {
      sellerId: seller.user.id,
      name: 'Export figure',
      priceCents: 1500,
      shippingCents: 300,
      quantity: 5,
    });
    const poster = await createShopItem(t, {
      sellerId: seller.user.id,
      name: 'Export poster',
      priceCents: 700,
      shippingCents: 100,
      quantity: 5,
    });

    const paid = await checkout(buyer.http, [
      { itemId: figure.id, quantity: 2 },
      { itemId: poster.id, quantity: 1 },
    ]);
    const paidSession = await sessionIdOf(t, paid.orderId);
    const payRes = await buyer.http(`/api/checkout/test/${paidSession}/pay`, {
      method: 'POST',
      json: CARD,
    });
    expect(payRes.status, await payRes.clone().text()).toBe(200);
    const cancelled = await checkout(buyer.http, [{ itemId: poster.id, quantity: 1 }]);
    const cancelSession = await sessionIdOf(t, cancelled.orderId);
    const cancelRes = await buyer.http(`/api/orders/by-session/${cancelSession}/cancel`, {
      method: 'POST',
    });
    expect(cancelRes.status).toBe(200);
    const othersOrder = await checkout(other.http, [{ itemId: figure.id, quantity: 1 }]);

    const res = await buyer.http('/api/me/export');
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = AccountExportSchema.parse(JSON.parse(text));

    expect(data.orders.map((o) => o.id)).toEqual([cancelled.orderId, paid.orderId]);
    const exportedPaid = data.orders[1]!;
    expect(exportedPaid).toMatchObject({
      status: 'paid',
      subtotalCents: 2 * 1500 + 700,
      shippingCents: 2 * 300 + 100,
      discountCents: 0,
      currency: t.config.currency,
      promoCode: null,
      cancelReason: null,
    });
    expect(exportedPaid.totalCents).toBe(
      exportedPaid.subtotalCents + exportedPaid.shippingCents + exportedPaid.taxCents,
    );
    expect(exportedPaid.paidAt).not.toBeNull();
    expect(
      exportedPaid.lines.map((l) => ({ itemId: l.itemId, name: l.name, quantity: l.quantity })),
    ).toEqual([
      { itemId: figure.id, name: 'Export figure', quantity: 2 },
      { itemId: poster.id, name: 'Export poster', quantity: 1 },
    ]);
    expect(exportedPaid.lines[0]).toMatchObject({ unitPriceCents: 1500, shippingCents: 300 });
    // The same order as /purchases shows it.
    const fromOrders = await buyer.http(`/api/orders/${paid.orderId}`);
    expect(exportedPaid).toEqual(await fromOrders.json());
    expect(data.orders[0]).toMatchObject({
      status: 'cancelled',
      cancelReason: 'cancelled',
      paidAt: null,
    });

    expect(text.includes(othersOrder.orderId)).toBe(false);
    const [secrets] = await queryRows<{ intent: string | null; url: string | null }>(
      t.database.db,
      sql`select payment_intent_id as intent, checkout_url as url from orders
        where id = ${paid.orderId}::uuid`,
    );
    for (const secret of [paidSession, cancelSession, secrets!.intent, secrets!.url]) {
      if (secret) expect(text.includes(secret)).toBe(false);
    }
    expect(text).not.toMatch(/"(paymentIntentId|providerSessionId|checkoutUrl)"/);
  });

  it('never contains password hashes, session tokens or two-factor secrets', async () => {
    const u = await createUser(t);
    await t.database.db.insert(twoFactors).values({
      userId: u.user.id,
      secret: 'TOTP-SECRET-abc123',
      backupCodes: 'BACKUP-CODES-xyz789',
    });
    const res = await u.http('/api/me/export');
    expect(res.status).toBe(200);
    const text = await res.text();

    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, u.user.id));
    const tokens = await t.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, u.user.id));
    expect(account!.password).toBeTruthy();
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [
      account!.password!,
      ...tokens.map((s) => s.token),
      'TOTP-SECRET-abc123',
      'BACKUP-CODES-xyz789',
    ]) {
      expect(text.includes(secret)).toBe(false);
    }
    expect(text).not.toMatch(
      /"(password|token|accessToken|refreshToken|idToken|secret|backupCodes)"/i,
    );
  });

  it('answers 401 without a session', async () => {
    await expectError(await t.http('/api/me/export'), 401, 'unauthorized');
  });
});

describe('account deletion', () => {
  type World = Awaited<ReturnType<typeof buildWorld>>;

  async function expectDeleted(world: World) {
    const { u, v, w, c1, c2, pv, m, cv, cu1, cu2, vItem } = world;
    const db = t.database.db;
    expect(await counterMismatches(t)).toEqual([]);

    expect(await db.select().from(users).where(eq(users.id, u.user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toEqual([]);
    expect(await db.select().from(accounts).where(eq(accounts.userId, u.user.id))).toEqual([]);
    expect((await u.http('/api/me')).status).toBe(401);

    // Their comments on others' posts and on media stay, as tombstones (spec §4).
    for (const c of [cu1, cu2]) {
      const [row] = await db.select().from(comments).where(eq(comments.id, c.id));
      expect(row).toMatchObject({
        body: DELETED_COMMENT_TEXT,
        userId: SYSTEM_USER_ID,
        replyToId: c.replyToId,
      });
      expect(row!.deletedAt).toBeInstanceOf(Date);
    }
    // Others' likes on a tombstone stay; the likes they gave are gone with the counters.
    expect((await db.select().from(comments).where(eq(comments.id, cu1.id)))[0]!.likeCount).toBe(2);
    expect((await db.select().from(comments).where(eq(comments.id, cv.id)))[0]!.likeCount).toBe(0);
    expect((await db.select().from(posts).where(eq(posts.id, pv.id)))[0]!.likeCount).toBe(1);
    expect((await db.select().from(media).where(eq(media.id, m.id)))[0]).toMatchObject({
      likeCount: 0,
      commentCount: 1,
    });
    expect(
      (await db.select().from(shopItems).where(eq(shopItems.id, vItem.id)))[0]!.likeCount,
    ).toBe(0);
    // Their posts are gone, with the comments on them.
    expect(await db.select().from(posts).where(eq(posts.userId, u.user.id))).toEqual([]);
    expect(await db.select().from(comments).where(eq(comments.id, world.cvOnU.id))).toEqual([]);
    expect((await db.select().from(posts).where(eq(posts.id, pv.id)))[0]!.commentCount).toBe(2);

    expect(await reloadUser(t, v.user.id)).toMatchObject({ followerCount: 0, followingCount: 1 });
    expect(await reloadUser(t, w.user.id)).toMatchObject({ followerCount: 1, followingCount: 0 });
    const [one] = await db.select().from(communities).where(eq(communities.id, c1.id));
    const [two] = await db.select().from(communities).where(eq(communities.id, c2.id));
    expect(one).toMatchObject({ memberCount: 1, postCount: 1 });
    expect(two).toMatchObject({ memberCount: 0, postCount: 0 });

    // The order record survives without the buyer.
    expect(
      (await db.select().from(orders).where(eq(orders.id, world.uOrder.id)))[0]!.userId,
    ).toBeNull();

    for (const key of world.uFiles) expect(await t.storage.head(key), key).toBeNull();
    for (const key of world.vFiles) expect(await t.storage.head(key), key).not.toBeNull();
  }

  it("through Better Auth's delete-user: everything goes, comments become tombstones, counters stay exact", async () => {
    const world = await buildWorld();
    const wrong = await world.u.http('/api/auth/delete-user', {
      method: 'POST',
      json: { password: 'not my password' },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await reloadUser(t, world.u.user.id)).id).toBe(world.u.user.id);

    const res = await world.u.http('/api/auth/delete-user', {
      method: 'POST',
      json: { password: world.u.password },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectDeleted(world);
  });

  it('the hook alone does the same in one transaction', async () => {
    const world = await buildWorld();
    await t.ctx.hooks!.beforeDeleteUser!(world.u.user.id);
    await expectDeleted(world);
  });

  it('changes nothing when the transaction fails part-way', async () => {
    const world = await buildWorld();
    // Make the last step (deleting the user row) fail, after every other step has run.
    await t.database.db
      .execute(sql`create or replace function otakura_test_block() returns trigger as $$
      begin raise exception 'blocked for the test'; end $$ language plpgsql`);
    await t.database.db.execute(sql`create trigger otakura_test_block before delete on users
      for each row when (old.id = ${sql.raw(`'${world.u.user.id}'`)}) execute function otakura_test_block()`);
    try {
      await expect(t.ctx.hooks!.beforeDeleteUser!(world.u.user.id)).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql`drop trigger otakura_test_block on users`);
    }
    expect((await reloadUser(t, world.u.user.id)).followerCount).toBe(2);
    const [c] = await t.database.db.select().from(comments).where(eq(comments.id, world.cu1.id));
    expect(c).toMatchObject({ body: 'U says hi', userId: world.u.user.id, deletedAt: null });
    for (const key of world.uFiles) expect(await t.storage.head(key), key).not.toBeNull();
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('refuses to delete the system account', async () => {
    await expect(t.ctx.hooks!.beforeDeleteUser!(SYSTEM_USER_ID)).rejects.toMatchObject({
      status: 400,
    });
    expect((await reloadUser(t, SYSTEM_USER_ID)).id).toBe(SYSTEM_USER_ID);
  });
});
