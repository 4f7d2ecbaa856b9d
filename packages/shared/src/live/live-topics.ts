/**
 * The live topics and close codes of `/api/live`: the one place the server (publishing, access
 * rules) and the web (subscribing, reconnect decisions) take them from.
 *
 * | topic            | who may watch | carries                                                     |
 * |------------------|---------------|-------------------------------------------------------------|
 * | `feed`           | signed in     | `post.created`, `post.deleted` (the "new posts" pill)       |
 * | `post:{id}`      | signed in     | `post.liked`, `post.deleted`, the post's comment events     |
 * | `media:{id}`     | signed in     | `media.liked`, `media.views`, the entry's comment events      |
 * | `shop:{id}`      | signed in     | `shop.liked`                                                |
 * | `community:{id}` | signed in     | `post.created`, `post.deleted`, `community.members`         |
 * | `profile:{id}`   | signed in     | the user's `post.created`, `post.deleted`, `user.followers` |
 * | `user:{id}`      | that user     | private events of that user (orders, notifications, `media.progress`) |
 */

/** Topics with an id, in the order of the table above. */
export const LIVE_TOPIC_KINDS = ['post', 'media', 'shop', 'community', 'profile', 'user'] as const;
export type LiveTopicKind = (typeof LIVE_TOPIC_KINDS)[number];

/** The server watches at most this many topics per socket (and per subscribe message). */
export const LIVE_MAX_TOPICS = 200;

/** Topic builders: `liveTopics.post(id)` → `post:{id}`. */
export const liveTopics = {
  /** New and deleted posts anywhere: the feed's "new posts" pill. */
  feed: 'feed' as const,
  /** One post: its likes, deletion and comments. */
  post: (postId: string) => `post:${postId}` as const,
  /** One media entry: its likes, views and comments. */
  media: (mediaId: string) => `media:${mediaId}` as const,
  /** One shop item: its likes. */
  shop: (itemId: string) => `shop:${itemId}` as const,
  /** A community: its new and deleted posts and its member count. */
  community: (communityId: string) => `community:${communityId}` as const,
  /** A user's public profile: their new and deleted posts and their follower count. */
  profile: (userId: string) => `profile:${userId}` as const,
  /** Private to that user. */
  user: (userId: string) => `user:${userId}` as const,
};

/** The pattern every topic matches (ids are UUIDs). */
export const LIVE_TOPIC_PATTERN = new RegExp(
  `^(?:feed|(?:${LIVE_TOPIC_KINDS.join('|')}):[0-9a-f-]{36})$`,
);

/** `{ kind, id }` of a topic with an id; null for `feed` and for anything that is not a topic. */
export function parseLiveTopic(topic: string): { kind: LiveTopicKind; id: string } | null {
  if (!LIVE_TOPIC_PATTERN.test(topic) || topic === liveTopics.feed) return null;
  const colon = topic.indexOf(':');
  return { kind: topic.slice(0, colon) as LiveTopicKind, id: topic.slice(colon + 1) };
}

/** Whether `userId` may watch `topic`: every signed-in user may watch the public topics; `user:{id}` only that user. */
export function mayWatchLiveTopic(userId: string, topic: string): boolean {
  const parsed = parseLiveTopic(topic);
  if (parsed?.kind === 'user') return parsed.id === userId;
  return true;
}

/** Close codes of the live socket (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** No (or no longer a) valid session: go to /login, do not reconnect. */
  unauthorized: 4401,
  /** The socket was opened from a foreign origin: do not reconnect. */
  forbiddenOrigin: 4403,
  /** Too slow to read its events, or silent past the keepalive: reconnect. */
  timeout: 4408,
  /** Too many sockets for one user: reconnect later. */
  tooManyConnections: 4429,
  /** The client gave up on a socket that never opened or went silent (client side only). */
  clientGaveUp: 4000,
  /** The server is shutting down: reconnect (another instance will answer). */
  goingAway: 1001,
} as const;

/** Whether the client should reconnect after the server closed with `code`. */
export function shouldReconnectAfterClose(code: number): boolean {
  return code !== LIVE_CLOSE.unauthorized && code !== LIVE_CLOSE.forbiddenOrigin;
}
