/** Per-user preferences; one row per user, created lazily (absent row = defaults). */
import { boolean, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tstz, updatedAtColumn } from './columns';

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Feed sort: 'new' | 'top' (validated by the shared schema). */
  defaultSort: text('default_sort').notNull().default('new'),
  language: text('language').notNull().default('en'),
  /** Notification switches, shape owned by the settings schema in packages/shared. */
  notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
  /** Who may message this user: 'everyone' | 'following' | 'nobody'. */
  dmPolicy: text('dm_policy').notNull().default('everyone'),
  /** Issue 12: blur the thumbnails of episodes the user has not watched yet. */
  blurUnwatchedThumbnails: boolean('blur_unwatched_thumbnails').notNull().default(false),
  /** Issue 12: show the volumes the user owns on their profile (private by default). */
  showOwnedVolumes: boolean('show_owned_volumes').notNull().default(false),
  ratingPromptSeen: boolean('rating_prompt_seen').notNull().default(false),
  /** When the daily notification digest last went out to this user ("Also by email"). */
  lastDigestAt: tstz('last_digest_at'),
  updatedAt: updatedAtColumn(),
});
