/**
 * Test data, written straight to the database with every denormalised counter kept
 * exact (the same rule as the services: a counter moves only when its row really
 * was inserted). `counterMismatches(t)` checks that rule over the whole database.
 *
 * Users are inserted with a credential account whose password hash comes from the
 * configured Better Auth hasher, so they can sign in through the real endpoint; by
 * default the factory then opens a session directly (no sign-up challenge, no
 * sign-in rate limit, no password hashing on the hot path of every test).
 */
import { makeSignature } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { PostType } from '@otakura/shared';
import { queryRows, type Db } from '../db/client';
import {
  accounts,
  commentLikes,
  comments,
  communities,
  communityMembers,
  media,
  mediaLikes,
  orderItems,
  orders,
  postLikes,
  posts,
  shopItems,
  shopLikes,
  userFollows,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';
import type { TestApp } from './app';

type UserRow = typeof users.$inferSelect;
type WithDb = { database: { db: Db } };

let seq = 0;
/** A short name unique in this process, safe as a username (letters, digits, _). */
export function uniqueName(prefix = 'user'): string {
  seq += 1;
  return `${prefix}_${Date.now().toString(36).slice(-5)}${process.pid.toString(36)}${seq}`.slice(
    0,
    30,
  );
}

export const DEFAULT_PASSWORD = 'correct horse battery';

const hashes = new Map<string, Promise<string>>();

async function passwordHash(t: TestApp, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = t.ctx.auth.$context.then((ctx) => ctx.password.hash(password));
    hashes.set(password, hash);
  }
  return hash;
}

export type TestHttp = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

export interface TestUser {
  user: UserRow;
  password: string;
  /** `name=value` pairs for the Cookie header; '' when not signed in. */
  cookie: string;
  /** t.http with this user's session cookie. */
  http: TestHttp;
}

export interface CreateUserOptions extends Partial<Omit<typeof users.$inferInsert, 'id'>> {
  id?: string;
  password?: string;
  /**
   * 'session' (default): a session is created directly, as a sign-in would.
   * 'http': POST /api/auth/sign-in/email, the real endpoint.
   * false: no session (e.g. a banned user, or someone who only gets followed).
   */
  signIn?: 'session' | 'http' | false;
}

/** The `name=value` part of each Set-Cookie header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** t.http that sends `cookie`. */
export function withCookie(t: TestApp, cookie: string): TestHttp {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    return t.http(path, { ...init, headers });
  };
}

/** Signs in through the real endpoint; throws with the answer when it fails. */
export async function signInHttp(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.http('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}

/** A session row and its signed cookie, exactly as Better Auth would set it after a sign-in. */
export async function openSession(t: TestApp, userId: string): Promise<string> {
  const ctx = await t.ctx.auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signature = await makeSignature(session.token, ctx.secret);
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

/**
 * A user with a credential account (verified email, made two days ago, by default), signed in
 * unless told otherwise.
 */
export async function createUser(t: TestApp, overrides: CreateUserOptions = {}): Promise<TestUser> {
  const { password = DEFAULT_PASSWORD, signIn = 'session', ...fields } = overrides;
  const display = fields.displayUsername ?? fields.username ?? uniqueName();
  const values: typeof users.$inferInsert = {
    name: 'Test User',
    email: `${display.toLowerCase()}@example.test`,
    emailVerified: true,
    // Two days old: the new-account anti-spam limits apply only where a test asks for a new account.
    createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
    ...fields,
    id: fields.id ?? newId(),
    username: (fields.username ?? display).toLowerCase(),
    displayUsername: display,
  };
  const [user] = await t.database.db.insert(users).values(values).returning();
  await t.database.db.insert(accounts).values({
    accountId: user!.id,
    providerId: 'credential',
    userId: user!.id,
    password: await passwordHash(t, password),
  });
  let cookie = '';
  if (signIn === 'session') cookie = await openSession(t, user!.id);
  if (signIn === 'http') cookie = await signInHttp(t, user!.email, password);
  return { user: user!, password, cookie, http: withCookie(t, cookie) };
}

/** Re-reads a user row (counters change under the test). */
export async function reloadUser(t: WithDb, id: string): Promise<UserRow> {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} not found`);
  return row;
}

export async function createCommunity(
  t: WithDb,
  overrides: Partial<typeof communities.$inferInsert> = {},
): Promise<typeof communities.$inferSelect> {
  const [row] = await t.database.db
    .insert(communities)
    .values({
      name: uniqueName('Community'),
      about: 'A test community',
      ...overrides,
      memberCount: 0,
      postCount: 0,
    })
    .returning();
  return row!;
}

/** Joins (follows) a community; member_count moves only if the row is new. */
export async function joinCommunity(
  t: WithDb,
  userId: string,
  communityId: string,
): Promise<boolean> {
  return t.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(communityMembers)
      .values({ userId, communityId })
      .onConflictDoNothing()
      .returning({ userId: communityMembers.userId });
    if (!rows.length) return false;
    await tx
      .update(communities)
      .set({ memberCount: sql`${communities.memberCount} + 1` })
      .where(eq(communities.id, communityId));
    return true;
  });
}

export interface CreatePostOptions extends Partial<
  Omit<typeof posts.$inferInsert, 'userId' | 'likeCount' | 'commentCount'>
> {
  userId: string;
  type?: PostType;
}

/** A post (a new community unless given); community and author post counts move unless it is soft-deleted. */
export async function createPost(
  t: WithDb,
  options: CreatePostOptions,
): Promise<typeof posts.$inferSelect> {
  const communityId = options.communityId ?? (await createCommunity(t)).id;
  return t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        type: 0,
        title: uniqueName('Post'),
        body: 'Hello',
        ...options,
        communityId,
        likeCount: 0,
        commentCount: 0,
      })
      .returning();
    if (!row!.deletedAt) {
      await tx
        .update(communities)
        .set({ postCount: sql`${communities.postCount} + 1` })
        .where(eq(communities.id, communityId));
      await tx
        .update(users)
        .set({ postCount: sql`${users.postCount} + 1` })
        .where(eq(users.id, options.userId));
    }
    return row!;
  });
}

export async function createMedia(
  t: WithDb,
  overrides: Partial<typeof media.$inferInsert> = {},
): Promise<typeof media.$inferSelect> {
  const [row] = await t.database.db
    .insert(media)
    .values({
      kind: 'video',
      title: uniqueName('Media'),
      ...overrides,
      likeCount: 0,
      viewCount: 0,
      commentCount: 0,
    })
    .returning();
  return row!;
}

export interface CreateCommentOptions {
  userId: string;
  /** Exactly one of postId / mediaId. */
  postId?: string;
  mediaId?: string;
  body?: string;
  replyToId?: string;
  replyingUserId?: string;
}

/** A comment; the post's or media entry's comment_count moves with it. */
export async function createComment(
  t: WithDb,
  options: CreateCommentOptions,
): Promise<typeof comments.$inferSelect> {
  if (!options.postId === !options.mediaId)
    throw new Error('createComment needs exactly one of postId / mediaId');
  return t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ body: 'Nice!', ...options })
      .returning();
    if (options.postId) {
      await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} + 1` })
        .where(eq(posts.id, options.postId));
    } else {
      await tx
        .update(media)
        .set({ commentCount: sql`${media.commentCount} + 1` })
        .where(eq(media.id, options.mediaId!));
    }
    return row!;
  });
}

export async function createShopItem(
  t: WithDb,
  options: Partial<typeof shopItems.$inferInsert> & { sellerId: string },
): Promise<typeof shopItems.$inferSelect> {
  const [row] = await t.database.db
    .insert(shopItems)
    .values({ name: uniqueName('Item'), priceCents: 1999, quantity: 5, ...options, likeCount: 0 })
    .returning();
  return row!;
}

/** An order with its lines (totals computed from them). */
export async function createOrder(
  t: WithDb,
  options: {
    userId: string;
    items: { item: typeof shopItems.$inferSelect; quantity: number }[];
    status?: (typeof orders.$inferInsert)['status'];
  },
): Promise<typeof orders.$inferSelect> {
  return t.database.db.transaction(async (tx) => {
    const subtotal = options.items.reduce((s, l) => s + l.item.priceCents * l.quantity, 0);
    const shipping = options.items.reduce((s, l) => s + l.item.shippingCents * l.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: options.userId,
        status: options.status ?? 'paid',
        subtotalCents: subtotal,
        shippingCents: shipping,
        taxCents: 0,
        totalCents: subtotal + shipping,
        provider: 'test',
        paidAt: options.status && options.status !== 'paid' ? null : new Date(),
      })
      .returning();
    if (options.items.length) {
      await tx.insert(orderItems).values(
        options.items.map((l) => ({
          orderId: order!.id,
          itemId: l.item.id,
          name: l.item.name,
          unitPriceCents: l.item.priceCents,
          shippingCents: l.item.shippingCents,
          quantity: l.quantity,
        })),
      );
    }
    return order!;
  });
}

type LikeTarget = 'post' | 'comment' | 'media' | 'shopItem';

/** Likes something; its like_count moves only when the like row is new. True when it was. */
export async function like(
  t: WithDb,
  target: LikeTarget,
  userId: string,
  targetId: string,
): Promise<boolean> {
  return t.database.db.transaction(async (tx) => {
    let inserted: unknown[];
    switch (target) {
      case 'post':
        inserted = await tx
          .insert(postLikes)
          .values({ userId, postId: targetId })
          .onConflictDoNothing()
          .returning();
        if (inserted.length) {
          await tx
            .update(posts)
            .set({ likeCount: sql`${posts.likeCount} + 1` })
            .where(eq(posts.id, targetId));
        }
        break;
      case 'comment':
        inserted = await tx
          .insert(commentLikes)
          .values({ userId, commentId: targetId })
          .onConflictDoNothing()
          .returning();
        if (inserted.length) {
          await tx
            .update(comments)
            .set({ likeCount: sql`${comments.likeCount} + 1` })
            .where(eq(comments.id, targetId));
        }
        break;
      case 'media':
        inserted = await tx
          .insert(mediaLikes)
          .values({ userId, mediaId: targetId })
          .onConflictDoNothing()
          .returning();
        if (inserted.length) {
          await tx
            .update(media)
            .set({ likeCount: sql`${media.likeCount} + 1` })
            .where(eq(media.id, targetId));
        }
        break;
      case 'shopItem':
        inserted = await tx
          .insert(shopLikes)
          .values({ userId, itemId: targetId })
          .onConflictDoNothing()
          .returning();
        if (inserted.length) {
          await tx
            .update(shopItems)
            .set({ likeCount: sql`${shopItems.likeCount} + 1` })
            .where(eq(shopItems.id, targetId));
        }
        break;
    }
    return inserted.length > 0;
  });
}

/** `follower` follows `followee`; both counters move only when the row is new. */
export async function followUser(
  t: WithDb,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  return t.database.db.transaction(async (tx) => {
    const rows = await tx
      .insert(userFollows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followerId: userFollows.followerId });
    if (!rows.length) return false;
    await tx
      .update(users)
      .set({ followingCount: sql`${users.followingCount} + 1` })
      .where(eq(users.id, followerId));
    await tx
      .update(users)
      .set({ followerCount: sql`${users.followerCount} + 1` })
      .where(eq(users.id, followeeId));
    return true;
  });
}

/**
 * Every denormalised counter that differs from its rows, as readable lines
 * (`posts.like_count of <id>: 3 ≠ 2 rows`). Empty when all are exact.
 * Post counts exclude soft-deleted posts; posts.comment_count includes tombstones.
 */
export async function counterMismatches(t: WithDb): Promise<string[]> {
  const checks: { name: string; query: ReturnType<typeof sql> }[] = [
    {
      name: 'users.follower_count',
      query: sql`select u.id, u.follower_count as counter, (select count(*) from user_follows f where f.followee_id = u.id)::int as actual from users u`,
    },
    {
      name: 'users.following_count',
      query: sql`select u.id, u.following_count as counter, (select count(*) from user_follows f where f.follower_id = u.id)::int as actual from users u`,
    },
    {
      name: 'users.post_count',
      query: sql`select u.id, u.post_count as counter, (select count(*) from posts p where p.user_id = u.id and p.deleted_at is null)::int as actual from users u`,
    },
    {
      name: 'communities.member_count',
      query: sql`select c.id, c.member_count as counter, (select count(*) from community_members m where m.community_id = c.id)::int as actual from communities c`,
    },
    {
      name: 'communities.post_count',
      query: sql`select c.id, c.post_count as counter, (select count(*) from posts p where p.community_id = c.id and p.deleted_at is null)::int as actual from communities c`,
    },
    {
      name: 'posts.like_count',
      query: sql`select p.id, p.like_count as counter, (select count(*) from post_likes l where l.post_id = p.id)::int as actual from posts p`,
    },
    {
      name: 'posts.comment_count',
      query: sql`select p.id, p.comment_count as counter, (select count(*) from comments c where c.post_id = p.id)::int as actual from posts p`,
    },
    {
      name: 'comments.like_count',
      query: sql`select c.id, c.like_count as counter, (select count(*) from comment_likes l where l.comment_id = c.id)::int as actual from comments c`,
    },
    {
      name: 'media.like_count',
      query: sql`select m.id, m.like_count as counter, (select count(*) from media_likes l where l.media_id = m.id)::int as actual from media m`,
    },
    {
      name: 'media.comment_count',
      query: sql`select m.id, m.comment_count as counter, (select count(*) from comments c where c.media_id = m.id)::int as actual from media m`,
    },
    {
      name: 'media.view_count',
      query: sql`select m.id, m.view_count as counter, (select count(*) from media_views v where v.media_id = m.id)::int as actual from media m`,
    },
    {
      name: 'shop_items.like_count',
      query: sql`select s.id, s.like_count as counter, (select count(*) from shop_likes l where l.item_id = s.id)::int as actual from shop_items s`,
    },
  ];
  const out: string[] = [];
  for (const check of checks) {
    const rows = await queryRows<{ id: string; counter: number; actual: number }>(
      t.database.db,
      sql`select * from (${check.query}) x where x.counter <> x.actual`,
    );
    for (const r of rows) out.push(`${check.name} of ${r.id}: ${r.counter} ≠ ${r.actual} rows`);
  }
  return out;
}
