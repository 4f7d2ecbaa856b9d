/**
 * Reports of every kind and the audit log (issue 09, docs/moderation.md).
 *
 * One report per reporter per target. A target is identified by (`target_type`, `target_id`)
 * with no foreign key, so the reports outlive what they were about (the queue shows the
 * snapshot). The open reports of one target form one case of the moderation queue.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAtColumn, idColumn, tstz } from './columns';
import { communities } from './communities';
import { media } from './media';
import { posts } from './posts';

export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    /** `REPORT_TARGET_TYPES`: comment | post | user | shop_item. */
    targetType: text('target_type', { enum: ['comment', 'post', 'user', 'shop_item'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Author of the content when reported (for `user`: the reported user). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The text as it was when reported (it may be edited or deleted since). */
    snapshot: text('snapshot').notNull(),
    /** `REPORT_REASONS`. */
    reason: text('reason', {
      enum: ['spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other'],
    }).notNull(),
    /** The reporter's own words, only with 'other'. */
    details: text('details'),
    /** Where it was: community and post (post comments, posts), or media entry (media comments). */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    /** `CASE_ACTIONS` of the action that closed it. */
    resolutionAction: text('resolution_action'),
    resolutionReason: text('resolution_reason'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('reports_target_reporter_unique').on(t.targetType, t.targetId, t.reporterId),
    index('reports_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId, t.status),
    index('reports_resolved_idx').on(t.resolvedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_status_valid', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check(
      'reports_target_type_valid',
      sql`${t.targetType} in ('comment', 'post', 'user', 'shop_item')`,
    ),
  ],
);

/** Every moderator and admin action (who, what, when, why); rows are never updated or deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    /** Null for the command line (`npm run admin`) or an account deleted since. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `AUDIT_ACTIONS`. */
    action: text('action').notNull(),
    /** `AuditTargetTypeSchema`. */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    /** The person it concerned (author, suspended user, new moderator). */
    subjectId: uuid('subject_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** A short label of the target when it happened (name, title, excerpt). */
    label: text('label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst()),
    index('audit_log_subject_idx').on(t.subjectId, t.createdAt.desc().nullsFirst()),
  ],
);
