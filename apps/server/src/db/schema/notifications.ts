/**
 * In-app notifications and Web Push subscriptions (issue 09, docs/notifications.md).
 *
 * Grouping: a notification has a `group_key` (e.g. `like:post:{id}`, `follow`); while one with
 * that key is unread, new activity joins it (a row in `notification_actors`, `actor_count` + 1,
 * `updated_at` = now) instead of making a new one. The partial unique index makes that an
 * `INSERT … ON CONFLICT` even when two likes arrive at once.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `NOTIFICATION_TYPES`. */
    type: text('type', {
      enum: ['comment', 'reply', 'like', 'follow', 'moderation', 'order'],
    }).notNull(),
    /** `NOTIFICATION_SUBTYPES`, or null. */
    subtype: text('subtype'),
    /** Activity with the same key joins an unread notification. Unique keys never group. */
    groupKey: text('group_key').notNull(),
    /** What it is about (`post`, `comment`, `order`, `user`, …) and its id. */
    targetType: text('target_type'),
    targetId: uuid('target_id'),
    /** Web path to open. */
    link: text('link').notNull(),
    excerpt: text('excerpt'),
    reason: text('reason'),
    /** = count(notification_actors). */
    actorCount: counterColumn('actor_count'),
    readAt: tstz('read_at'),
    /** When the daily digest included it. */
    emailedAt: tstz('emailed_at'),
    createdAt: createdAtColumn(),
    /** The latest activity; the list is ordered by it. */
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null`),
    index('notifications_user_updated_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_digest_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null and ${t.emailedAt} is null`),
    check(
      'notifications_type_valid',
      sql`${t.type} in ('comment', 'reply', 'like', 'follow', 'moderation', 'order')`,
    ),
    check('notifications_actor_count_nonneg', sql`${t.actorCount} >= 0`),
  ],
);

/** Who acted in a (grouped) notification; newest first by `created_at`. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_newest_idx').on(t.notificationId, t.createdAt.desc()),
  ],
);

/** A browser's Web Push subscription (one per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** Consecutive failed deliveries; the subscription is dropped on 404/410 or after 5. */
    failureCount: integer('failure_count').notNull().default(0),
    lastSuccessAt: tstz('last_success_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
