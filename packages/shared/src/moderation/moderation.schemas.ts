/**
 * Moderation and administration (issue 09): reports of every kind, the one moderation queue,
 * its actions, suspensions, staff roles and the audit log. Routes and who may call them are in
 * docs/moderation.md.
 */
import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { safeText } from '../common/text';
import { ReportReasonSchema } from '../comments/comments.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';

/** What can be reported. A media comment is a `comment` whose context has a `mediaId`. */
export const REPORT_TARGET_TYPES = ['comment', 'post', 'user', 'shop_item'] as const;
export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export type ReportTargetType = z.infer<typeof ReportTargetTypeSchema>;

/** The spec's review promise: a report is looked at within 24 hours. */
export const REPORT_REVIEW_HOURS = 24;

/** Role a user holds. Admins are made with `npm run admin -- grant`; admins make moderators in the UI. */
export const RoleSchema = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** Why a moderator acts; required on every action, shown to the people it concerns. */
export const ModerationReasonSchema = safeText()
  .trim()
  .min(1, 'Please give a reason.')
  .max(1000, 'The reason must be at most 1000 characters.');

/** Suspension lengths the UI offers, in days; `null` is "for good". */
export const SUSPENSION_DAYS = [1, 3, 7, 30] as const;
export const SuspensionDaysSchema = z
  .number()
  .int()
  .min(1, 'A suspension lasts at least a day.')
  .max(3650, 'A suspension lasts at most 3650 days.')
  .nullable();

/** `POST /api/moderation/cases/:targetType/:targetId/actions` */
export const CASE_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend'] as const;
export const CaseActionSchema = z.enum(CASE_ACTIONS);
export type CaseAction = z.infer<typeof CaseActionSchema>;

export const CaseActionInputSchema = z
  .object({
    action: CaseActionSchema,
    reason: ModerationReasonSchema,
    /** Only with `suspend`: days, or null for good. */
    durationDays: SuspensionDaysSchema.optional(),
  })
  .strict();
export type CaseActionInput = z.input<typeof CaseActionInputSchema>;

/** One report inside a case. */
export const CaseReportSchema = z.object({
  id: z.string(),
  reporter: UserSummarySchema,
  reason: ReportReasonSchema,
  /** The reporter's own words (with `other`), or null. */
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type CaseReport = z.infer<typeof CaseReportSchema>;

/** The author's standing, so the moderator sees at once whether they are already suspended. */
export const UserStandingSchema = UserSummarySchema.extend({
  role: RoleSchema,
  suspended: z.boolean(),
  /** ISO end of the suspension; null when suspended for good or not suspended. */
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** How many warnings the audit log holds for them. */
  warningCount: z.number().int(),
  createdAt: z.string(),
});
export type UserStanding = z.infer<typeof UserStandingSchema>;

/** What was reported, as the moderator needs to judge it. */
export const CaseContentSchema = z.object({
  /** The text when first reported (comment body, post title and body, user's bio, item name and about). */
  snapshot: z.string(),
  /** The text now; null when the content is gone (deleted, removed or hidden). */
  current: z.string().nullable(),
  /** A picture of it (post image, avatar, item picture), or null. */
  imageUrl: z.string().nullable(),
  /** Where it lives, e.g. "in r/Isekai Corner on “Best opening of 2026?”" parts: */
  context: z.object({
    communityId: z.string().nullable(),
    communityName: z.string().nullable(),
    postId: z.string().nullable(),
    postTitle: z.string().nullable(),
    mediaId: z.string().nullable(),
    mediaTitle: z.string().nullable(),
  }),
  /** Web path that shows it (`/post/{id}`, `/media/comments/{id}`, `/user/{id}`, `/item/{id}`). */
  link: z.string(),
  /** True once removed, hidden, deleted, or its account is gone. */
  gone: z.boolean(),
});
export type CaseContent = z.infer<typeof CaseContentSchema>;

export const CaseStatusSchema = z.enum(['open', 'closed']);

/** One reported thing with all its reports: an entry of the moderation queue. */
export const ModerationCaseSchema = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: z.string(),
  status: CaseStatusSchema,
  content: CaseContentSchema,
  /** The author of the content (for `user`: the reported user); null when the account is gone. */
  author: UserStandingSchema.nullable(),
  reportCount: z.number().int(),
  /** How many reports per reason, most first. */
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  /** The newest reports, at most 20. */
  reports: z.array(CaseReportSchema),
  firstReportedAt: z.string(),
  /** firstReportedAt + 24 h: the promise of the spec; the UI shows the time left. */
  dueAt: z.string(),
  /** For a closed case: what was done, by whom, why. */
  resolution: z
    .object({
      action: CaseActionSchema,
      reason: z.string(),
      moderator: UserSummarySchema.nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type ModerationCase = z.infer<typeof ModerationCaseSchema>;

export const ModerationCasePageSchema = pageOf(ModerationCaseSchema);
export type ModerationCasePage = z.infer<typeof ModerationCasePageSchema>;

/** `GET /api/moderation/queue`: open cases oldest first; closed ones newest first. */
export const ModerationQueueQuerySchema = PageQuerySchema.extend({
  status: CaseStatusSchema.default('open'),
  type: ReportTargetTypeSchema.optional(),
});
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuerySchema>;

export const ModerationQueueCountSchema = z.object({
  open: z.number().int(),
  /** Open cases past their 24 hours. */
  overdue: z.number().int(),
});
export type ModerationQueueCount = z.infer<typeof ModerationQueueCountSchema>;

/** `POST /api/moderation/users/:userId/suspend` */
export const SuspendUserInputSchema = z
  .object({ reason: ModerationReasonSchema, durationDays: SuspensionDaysSchema })
  .strict();
export type SuspendUserInput = z.input<typeof SuspendUserInputSchema>;

/** `POST /api/moderation/users/:userId/unsuspend` and `/warn` */
export const ReasonInputSchema = z.object({ reason: ModerationReasonSchema }).strict();
export type ReasonInput = z.input<typeof ReasonInputSchema>;

/** `GET /api/moderation/users?q=&filter=`: people search for moderators (suspended, staff, all). */
export const ModerationUsersQuerySchema = PageQuerySchema.extend({
  q: safeText().trim().max(100).optional(),
  filter: z.enum(['all', 'suspended', 'staff']).default('all'),
});
export type ModerationUsersQuery = z.infer<typeof ModerationUsersQuerySchema>;
export const UserStandingPageSchema = pageOf(UserStandingSchema);
export type UserStandingPage = z.infer<typeof UserStandingPageSchema>;

/** `PUT /api/admin/users/:userId/role` (admins only; `admin` itself is granted by the CLI). */
export const SetRoleInputSchema = z
  .object({ role: z.enum(['user', 'moderator']), reason: ModerationReasonSchema })
  .strict();
export type SetRoleInput = z.input<typeof SetRoleInputSchema>;

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'report.dismiss',
  'content.remove',
  'user.warn',
  'user.suspend',
  'user.unsuspend',
  'role.grant',
  'role.revoke',
  'community.create',
  'community.update',
  'community.delete',
  'media.create',
  'media.update',
  'media.delete',
  'media_unit.create',
  'media_unit.update',
  'media_unit.delete',
  'shop_item.create',
  'shop_item.update',
  'shop_item.delete',
  'order.ship',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditTargetTypeSchema = z.enum([
  'comment',
  'post',
  'user',
  'shop_item',
  'community',
  'media',
  'episode',
  'volume',
  'issue',
  'order',
]);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** Who did it; null for the command line or an account since deleted. */
  actor: UserSummarySchema.nullable(),
  action: AuditActionSchema,
  targetType: AuditTargetTypeSchema,
  targetId: z.string().nullable(),
  /** The person it concerned (author, suspended user, new moderator), when there is one. */
  subject: UserSummarySchema.nullable(),
  reason: z.string().nullable(),
  /** A short human label of the target (a community's name, a title, an excerpt). */
  label: z.string().nullable(),
  /** Extra facts (suspension days, changed fields). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** `GET /api/moderation/audit`: newest first, filtered. */
export const AuditQuerySchema = PageQuerySchema.extend({
  action: AuditActionSchema.optional(),
  actorId: z.string().uuid().optional(),
  subjectId: z.string().uuid().optional(),
  targetType: AuditTargetTypeSchema.optional(),
  /** ISO dates, inclusive. */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
