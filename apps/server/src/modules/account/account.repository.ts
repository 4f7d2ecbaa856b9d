/**
 * Queries of the account module: statistics counted from the rows, the "Download my data"
 * snapshot and the removal of a user with everything that is theirs. Every function takes a
 * `Db`, which may be a transaction; the service decides the transactions.
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DELETED_COMMENT_TEXT, SYSTEM_USER_ID } from '@otakura/shared';
import { queryParsed, type Db } from '../../db/client';
import {
  accounts,
  commentLikes,
  comments,
  communities,
  communityMembers,
  media,
  mediaLikes,
  mediaViews,
  postImages,
  postLikes,
  posts,
  reports,
  sessions,
  shopItems,
  shopLikes,
  userBlocks,
  userFollows,
  users,
  userSettings,
} from '../../db/schema';

export type AccountUserRow = typeof users.$inferSelect;

export async function findAccountUser(db: Db, id: string): Promise<AccountUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const StatsRowSchema = z.object({
  posts: z.number().int(),
  comments: z.number().int(),
  likesGiven: z.number().int(),
  likesReceived: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  communities: z.number().int(),
});
export type StatsRow = z.output<typeof StatsRowSchema>;

/** Counted from the rows themselves (not the counters), each on an index keyed by user. */
export async function accountStats(db: Db, userId: string): Promise<StatsRow> {
  const [row] = await queryParsed(
    db,
    StatsRowSchema,
    sql`select
      (select count(*) from ${posts} where ${posts.userId} = ${userId} and ${posts.deletedAt} is null)::int as posts,
      (select count(*) from ${comments} where ${comments.userId} = ${userId})::int as comments,
      ((select count(*) from ${postLikes} where ${postLikes.userId} = ${userId})
        + (select count(*) from ${commentLikes} where ${commentLikes.userId} = ${userId})
        + (select count(*) from ${mediaLikes} where ${mediaLikes.userId} = ${userId})
        + (select count(*) from ${shopLikes} where ${shopLikes.userId} = ${userId}))::int as "likesGiven",
      ((select count(*) from ${postLikes} join ${posts} on ${posts.id} = ${postLikes.postId}
          where ${posts.userId} = ${userId} and ${posts.deletedAt} is null)
        + (select count(*) from ${commentLikes} join ${comments} on ${comments.id} = ${commentLikes.commentId}
          where ${comments.userId} = ${userId}))::int as "likesReceived",
      (select count(*) from ${userFollows} where ${userFollows.followeeId} = ${userId})::int as followers,
      (select count(*) from ${userFollows} where ${userFollows.followerId} = ${userId})::int as following,
      (select count(*) from ${communityMembers} where ${communityMembers.userId} = ${userId})::int as communities`,
  );
  return row!;
}

/**
 * Awaits Drizzle's lazy queries one after another: a transaction is one connection,
 * and node-postgres refuses (from pg 9) a query while another is running on it.
 */
async function inOrder<T extends readonly unknown[]>(queries: {
  [K in keyof T]: PromiseLike<T[K]>;
}): Promise<T> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}

/** Everything held about a user, read for "Download my data" (one consistent snapshot when run in a transaction). */
export async function exportData(db: Db, userId: string) {
  const [
    settings,
    signInMethods,
    sessionRows,
    postRows,
    imageRows,
    commentRows,
    postLikeRows,
    commentLikeRows,
    mediaLikeRows,
    shopLikeRows,
    followingRows,
    followerRows,
    blockedRows,
    membershipRows,
    shopItemRows,
    reportRows,
    viewRows,
  ] = await inOrder([
    db.select().from(userSettings).where(eq(userSettings.userId, userId)),
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt)),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select()
      .from(posts)
      .where(eq(posts.userId, userId))
      .orderBy(asc(posts.createdAt), asc(posts.id)),
    db
      .select({ postId: postImages.postId, position: postImages.position, key: postImages.key })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .where(eq(posts.userId, userId))
      .orderBy(asc(postImages.postId), asc(postImages.position)),
    db
      .select()
      .from(comments)
      .where(eq(comments.userId, userId))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db
      .select()
      .from(postLikes)
      .where(eq(postLikes.userId, userId))
      .orderBy(asc(postLikes.createdAt)),
    db
      .select()
      .from(commentLikes)
      .where(eq(commentLikes.userId, userId))
      .orderBy(asc(commentLikes.createdAt)),
    db
      .select()
      .from(mediaLikes)
      .where(eq(mediaLikes.userId, userId))
      .orderBy(asc(mediaLikes.createdAt)),
    db
      .select()
      .from(shopLikes)
      .where(eq(shopLikes.userId, userId))
      .orderBy(asc(shopLikes.createdAt)),
    db
      .select({
        userId: users.id,
        username: users.username,
        display: users.displayUsername,
        since: userFollows.createdAt,
      })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followeeId))
      .where(eq(userFollows.followerId, userId))
      .orderBy(asc(userFollows.createdAt)),
    db
      .select({
        userId: users.id,
        username: users.username,
        display: users.displayUsername,
        since: userFollows.createdAt,
      })
      .from(userFollows)
      .innerJoin(users, eq(users.id, userFollows.followerId))
      .where(eq(userFollows.followeeId, userId))
      .orderBy(asc(userFollows.createdAt)),
    db
      .select({
        userId: users.id,
        username: users.username,
        display: users.displayUsername,
        since: userBlocks.createdAt,
      })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId))
      .orderBy(asc(userBlocks.createdAt)),
    db
      .select({
        communityId: communities.id,
        name: communities.name,
        since: communityMembers.createdAt,
      })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(eq(communityMembers.userId, userId))
      .orderBy(asc(communityMembers.createdAt)),
    db
      .select()
      .from(shopItems)
      .where(eq(shopItems.sellerId, userId))
      .orderBy(asc(shopItems.createdAt)),
    db
      .select({
        commentId: reports.targetId,
        commentText: reports.snapshot,
        status: reports.status,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(and(eq(reports.reporterId, userId), eq(reports.targetType, 'comment')))
      .orderBy(asc(reports.createdAt)),
    db
      .select({
        mediaId: mediaViews.mediaId,
        episodeId: mediaViews.episodeId,
        createdAt: mediaViews.createdAt,
      })
      .from(mediaViews)
      .where(eq(mediaViews.userId, userId))
      .orderBy(asc(mediaViews.createdAt)),
  ]);
  return {
    settings: settings[0],
    signInMethods,
    sessions: sessionRows,
    posts: postRows,
    postImages: imageRows,
    comments: commentRows,
    likes: {
      posts: postLikeRows,
      comments: commentLikeRows,
      media: mediaLikeRows,
      shopItems: shopLikeRows,
    },
    following: followingRows,
    followers: followerRows,
    blocked: blockedRows,
    memberships: membershipRows,
    shopItems: shopItemRows,
    reports: reportRows,
    mediaViews: viewRows,
  };
}
export type ExportData = Awaited<ReturnType<typeof exportData>>;

/**
 * Removes a user and everything that is theirs, keeping every counter equal to its
 * rows. Run inside one transaction (the service does); storage is not touched here.
 * Each like, follow, membership and post is deleted with `RETURNING`, and exactly the
 * rows really deleted move the counters, so a concurrent unlike or unfollow cannot
 * make a counter drift.
 */
export async function deleteUserAndContent(db: Db, userId: string): Promise<boolean> {
  const run = (query: SQL) => db.execute(query);

  // Spec §4: their comments stay as tombstones, attributed to the system account.
  await run(sql`update ${comments}
    set body = ${DELETED_COMMENT_TEXT}, user_id = ${SYSTEM_USER_ID}, deleted_at = coalesce(deleted_at, now())
    where user_id = ${userId}`);

  // Likes they gave, with the liked items' counters.
  await run(sql`with d as (delete from ${postLikes} where user_id = ${userId} returning post_id),
      c as (select post_id, count(*)::int as n from d group by post_id)
    update ${posts} set like_count = like_count - c.n from c where ${posts.id} = c.post_id`);
  await run(sql`with d as (delete from ${commentLikes} where user_id = ${userId} returning comment_id),
      c as (select comment_id, count(*)::int as n from d group by comment_id)
    update ${comments} set like_count = like_count - c.n from c where ${comments.id} = c.comment_id`);
  await run(sql`with d as (delete from ${mediaLikes} where user_id = ${userId} returning media_id),
      c as (select media_id, count(*)::int as n from d group by media_id)
    update ${media} set like_count = like_count - c.n from c where ${media.id} = c.media_id`);
  await run(sql`with d as (delete from ${shopLikes} where user_id = ${userId} returning item_id),
      c as (select item_id, count(*)::int as n from d group by item_id)
    update ${shopItems} set like_count = like_count - c.n from c where ${shopItems.id} = c.item_id`);

  // Follows both ways, with the other side's counters (each pair is one row: the primary key).
  await run(sql`with d as (delete from ${userFollows} where follower_id = ${userId} returning followee_id)
    update ${users} set follower_count = follower_count - 1 from d where ${users.id} = d.followee_id`);
  await run(sql`with d as (delete from ${userFollows} where followee_id = ${userId} returning follower_id)
    update ${users} set following_count = following_count - 1 from d where ${users.id} = d.follower_id`);

  // Memberships, with member counts.
  await run(sql`with d as (delete from ${communityMembers} where user_id = ${userId} returning community_id)
    update ${communities} set member_count = member_count - 1 from d where ${communities.id} = d.community_id`);

  // Posts (their comments, likes and images go with them by cascade), with community post counts.
  await run(sql`with d as (delete from ${posts} where user_id = ${userId} returning community_id, deleted_at),
      c as (select community_id, count(*)::int as n from d where deleted_at is null group by community_id)
    update ${communities} set post_count = post_count - c.n from c where ${communities.id} = c.community_id`);

  // The row itself: sessions, accounts, two-factor, settings, blocks and shop items cascade;
  // orders, views and reports keep their rows with the user set to null.
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, userId), ne(users.id, SYSTEM_USER_ID)))
    .returning({ id: users.id });
  return deleted.length > 0;
}
