/**
 * In-app notifications, their live events, the daily email digest and Web Push (issue 09).
 * Routes in docs/notifications.md.
 */
import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { safeText } from '../common/text';
import { UserSummarySchema } from '../users/user-summary.schemas';

/**
 * What happened. `comment`: someone commented on my post.
 * `reply`: someone replied to my comment. `like`: my post or comment was liked (grouped).
 * `follow`: someone followed me (grouped while unread). `moderation`: the outcome of my report,
 * or an action on my content or account. `order`: my order was paid or shipped.
 */
export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'like',
  'follow',
  'moderation',
  'order',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * The detail of a type, which picks the sentence the web shows:
 * - like: `post` | `comment`
 * - moderation: `report_actioned` (my report led to an action), `report_dismissed`,
 *   `content_removed` (my content was removed), `warned`, `suspended`, `unsuspended`
 * - order: `paid` | `shipped`
 * - comment, reply, follow: null
 */
export const NOTIFICATION_SUBTYPES = [
  'post',
  'comment',
  'report_actioned',
  'report_dismissed',
  'content_removed',
  'warned',
  'suspended',
  'unsuspended',
  'paid',
  'shipped',
] as const;
export const NotificationSubtypeSchema = z.enum(NOTIFICATION_SUBTYPES);
export type NotificationSubtype = z.infer<typeof NotificationSubtypeSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  subtype: NotificationSubtypeSchema.nullable(),
  /** The newest actors first, at most 3 ("Rin and 12 others"); empty for moderation and orders. */
  actors: z.array(UserSummarySchema),
  /** How many distinct people acted (likes and follows group while unread). */
  actorCount: z.number().int(),
  /** A short excerpt of what it is about (the post's title, the comment's text, the order's number). */
  excerpt: z.string().nullable(),
  /** The moderator's reason (moderation only). */
  reason: z.string().nullable(),
  /** Web path to open (`/post/{id}`, `/settings/purchases`, …). */
  link: z.string(),
  read: z.boolean(),
  /** The latest activity (a grouped like moves it up). */
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationPageSchema = pageOf(NotificationSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `GET /api/notifications`: newest activity first. */
export const NotificationsQuerySchema = PageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/** `GET /api/notifications/unread-count` and the answer of `POST /api/notifications/read`. */
export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** `POST /api/notifications/read`: some ids, or all. */
export const MarkReadInputSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

/** `GET /api/push/key`: the server's VAPID public key (base64url); null when push is off. */
export const PushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof PushKeySchema>;

/** `POST /api/push/subscriptions`: a browser's PushSubscription.toJSON(). */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .url('The push endpoint must be a URL.')
    .max(2000)
    .refine((u) => /^https?:\/\//.test(u), 'The push endpoint must be a URL.'),
  keys: z.object({
    p256dh: safeText().min(1).max(200),
    auth: safeText().min(1).max(200),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** `DELETE /api/push/subscriptions` */
export const PushUnsubscribeInputSchema = z.object({ endpoint: z.string().max(2000) });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInputSchema>;

/** What the service worker receives in a push message and shows. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Web path to open on click. */
  link: z.string(),
  /** Same tag replaces the older notification (grouped likes). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
