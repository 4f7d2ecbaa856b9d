/**
 * Query keys of the settings domain, one factory so invalidations cannot drift from the queries.
 *
 * `['settings', 'me']` holds the signed-in user's `Settings` (GET /me/settings). Other features
 * read it from the cache without importing this file: the posts feature its `nsfwOptIn` (blur) and
 * the feed its `defaultSort`.
 */
export const settingsKeys = {
  all: ['settings'] as const,
  /** `GET /me/settings`. */
  me: () => [...settingsKeys.all, 'me'] as const,
  /** `GET /me/blocks` (infinite pages). */
  blocks: () => [...settingsKeys.all, 'blocks'] as const,
  /** `GET /users/:id/block`: whether I blocked that user. The comments feature writes it too. */
  blockState: (userId: string) => [...settingsKeys.all, 'block', userId] as const,
};

/** `GET /app-config`: public configuration, the same for everyone. */
export const appConfigKey = ['app-config'] as const;

/** The users feature's `GET /me` (it also carries `nsfwOptIn`); refreshed when that changes here. */
export const USERS_ME_KEY = ['users', 'me'] as const;

/**
 * Caches that blocking changes, owned by other features (prefixes of their keys): profiles and
 * follow counts (follows end both ways), post lists and comment lists (the server leaves the
 * blocked user's posts and comments out).
 */
export const BLOCK_AFFECTED_KEYS = [['users'], ['posts'], ['comments']] as const;
