import { z } from 'zod';
import { NotificationSchema } from '../notifications/notifications.schemas';
import { LIVE_MAX_TOPICS, LIVE_TOPIC_PATTERN } from './live-topics';
import { ORDER_STATUSES } from '../shop/order-statuses';

/** Topics a client may subscribe to on /api/live (built with `liveTopics` in live-topics.ts). */
export const LiveTopicSchema = z.string().regex(LIVE_TOPIC_PATTERN);
export type LiveTopic = z.infer<typeof LiveTopicSchema>;

export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topics: z.array(LiveTopicSchema).max(LIVE_MAX_TOPICS) }),
  z.object({
    type: z.literal('unsubscribe'),
    topics: z.array(LiveTopicSchema).max(LIVE_MAX_TOPICS),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** Events the server pushes. Counts are absolute, so a missed event never leaves a wrong number. */
export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post.created'),
    topic: z.string(),
    postId: z.string(),
    communityId: z.string(),
    authorId: z.string(),
  }),
  z.object({ type: z.literal('post.deleted'), topic: z.string(), postId: z.string() }),
  z.object({
    type: z.literal('post.liked'),
    topic: z.string(),
    postId: z.string(),
    likeCount: z.number().int(),
    actorId: z.string(),
  }),
  z.object({
    type: z.literal('comment.created'),
    topic: z.string(),
    postId: z.string().nullable(),
    mediaId: z.string().nullable(),
    commentId: z.string(),
    commentCount: z.number().int(),
  }),
  z.object({
    type: z.literal('comment.updated'),
    topic: z.string(),
    postId: z.string().nullable(),
    mediaId: z.string().nullable(),
    commentId: z.string(),
  }),
  z.object({
    type: z.literal('comment.liked'),
    topic: z.string(),
    commentId: z.string(),
    likeCount: z.number().int(),
    actorId: z.string(),
  }),
  z.object({
    type: z.literal('community.members'),
    topic: z.string(),
    communityId: z.string(),
    memberCount: z.number().int(),
  }),
  z.object({ type: z.literal('user.updated'), topic: z.string(), userId: z.string() }),
  /** On `profile:{userId}`: the user's absolute follower count after a follow or unfollow. */
  z.object({
    type: z.literal('user.followers'),
    topic: z.string(),
    userId: z.string(),
    followerCount: z.number().int(),
  }),
  /** On `media:{mediaId}`: the entry's absolute like count after a like or unlike. */
  z.object({
    type: z.literal('media.liked'),
    topic: z.string(),
    mediaId: z.string(),
    likeCount: z.number().int(),
    actorId: z.string(),
  }),
  /** On `shop:{itemId}`: the item's absolute like count after a like or unlike. */
  z.object({
    type: z.literal('shop.liked'),
    topic: z.string(),
    itemId: z.string(),
    likeCount: z.number().int(),
    actorId: z.string(),
  }),
  /** On `user:{buyerId}`: one of the user's orders changed status (paid, cancelled, refunded). */
  z.object({
    type: z.literal('order.updated'),
    topic: z.string(),
    orderId: z.string(),
    status: z.enum(ORDER_STATUSES),
  }),
  /** On `user:{id}`: a new notification, or a grouped one that moved up; `unread` is the badge. */
  z.object({
    type: z.literal('notification.created'),
    topic: z.string(),
    notification: NotificationSchema,
    unread: z.number().int(),
  }),
  /** On `user:{id}`: notifications were read (on another tab or device): the new badge count. */
  z.object({ type: z.literal('notification.read'), topic: z.string(), unread: z.number().int() }),
  /**
   * On `user:{id}`: the user was suspended (or their sessions ended). Every server closes that
   * user's sockets with `LIVE_CLOSE.unauthorized`; it is never sent to a client.
   */
  z.object({ type: z.literal('session.revoked'), topic: z.string(), userId: z.string() }),
  /**
   * Server to server only (no topic): the user's sessions or account changed (sign-out, revoked
   * sessions, password, two-factor, verification, name, role, deletion). Every server drops
   * that user's cached sessions (modules/auth/session-cache.ts); never sent to a client.
   */
  z.object({ type: z.literal('session.invalidate'), userId: z.string() }),
  /**
   * Server to server only (no topic), sent by the database itself (migrations 0014–0017's
   * triggers): a community or user row changed or went away (`id` null: many rows of that
   * table), the media catalog or the shop list changed (`media`, `shop`: always `id` null,
   * every page of that list), or the comments of a post or media entry changed (`comments`, `id`
   * the post's or entry's id; null: every comments page).
   * Every server drops its cached pages of it (apps/server/src/lib/page-cache.ts); never sent to
   * a client.
   */
  z.object({
    type: z.literal('rows.changed'),
    table: z.enum(['communities', 'users', 'media', 'shop', 'comments']),
    id: z.string().nullable(),
  }),
  /** On `media:{mediaId}`: the entry's absolute view count after a view was counted. */
  z.object({
    type: z.literal('media.views'),
    topic: z.string(),
    mediaId: z.string(),
    viewCount: z.number().int(),
  }),
  /**
   * On `user:{id}`: the user's progress in a series rose (an episode watched, a chapter or volume
   * finished): the absolute marks. Their open feeds, posts and comments refetch, so the spoiler
   * shield's covers they have passed disappear (docs/spoiler-shield.md).
   */
  z.object({
    type: z.literal('media.progress'),
    topic: z.string(),
    mediaId: z.string(),
    episode: z.number().int(),
    volume: z.number().int(),
    chapter: z.number().int(),
  }),
  z.object({ type: z.literal('pong') }),
  /** Events may have been missed (the server's bus reconnected): refetch what is on screen. */
  z.object({ type: z.literal('resync') }),
  /**
   * Answer to one `subscribe`: the topics now watched (already-watched ones included) and
   * those refused (`forbidden`: another user's topic; `too_many_subscriptions`: over 200).
   * Refetch after this arrives, so nothing written in between is missed.
   */
  z.object({
    type: z.literal('subscribed'),
    topics: z.array(z.string()),
    denied: z.array(
      z.object({ topic: z.string(), code: z.enum(['forbidden', 'too_many_subscriptions']) }),
    ),
  }),
  /** A client message that was not understood (`invalid_message`); the socket stays open. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
