/** Query keys of the users domain, one factory so invalidations cannot drift from the queries. */
export const userKeys = {
  all: ['users'] as const,
  /** The signed-in user (`GET /me`). */
  me: () => [...userKeys.all, 'me'] as const,
  /** `GET /me/stats`. */
  stats: () => [...userKeys.all, 'me', 'stats'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  /** A public profile (`GET /users/:id`). */
  detail: (userId: string) => [...userKeys.details(), userId] as const,
  /** The volumes a user owns (`GET /users/:id/owned-volumes`). */
  ownedVolumes: (userId: string) => [...userKeys.all, 'owned-volumes', userId] as const,
  /** Followers or following of a user (infinite pages). */
  follows: (userId: string, side: FollowSide) =>
    [...userKeys.all, 'follows', userId, side] as const,
};

export type FollowSide = 'followers' | 'following';
