/**
 * In-app notifications (issue 09, docs/notifications.md). Other modules tell the notifier what
 * happened after their write commits; it stores (grouping likes and follows), publishes
 * `notification.created` on `user:{id}`, and hands the notification to the deliverers (push).
 */
import type { NotificationSubtype, NotificationType } from '@otakura/shared';
import type { Db } from '../../db/client';
import type { LiveBus } from '../live/live-bus';

/** One thing that happened, for one recipient. */
export interface NotifyInput {
  recipientId: string;
  type: NotificationType;
  subtype?: NotificationSubtype | null;
  /** Who acted (comments, replies, likes, follows); none for moderation and orders. */
  actorId?: string | null;
  /** Activity with the same key joins an unread notification (likes, follows); default: unique. */
  groupKey?: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Web path to open. */
  link: string;
  excerpt?: string | null;
  reason?: string | null;
}

/** A stored notification, handed to the deliverers (Web Push) after it is stored. */
export interface DeliveredNotification {
  id: string;
  recipientId: string;
  type: NotificationType;
  subtype: NotificationSubtype | null;
  /** Display name of the newest actor, when there is one. */
  actorName: string | null;
  actorCount: number;
  excerpt: string | null;
  reason: string | null;
  link: string;
  /** The same tag for a grouped notification, so a newer push replaces the older one. */
  groupKey: string;
}

export interface NotificationDeliverer {
  deliver(n: DeliveredNotification): Promise<void>;
}

export interface Notifier {
  /** Never throws into the caller: failures are logged. Respects the recipient's settings and blocks. */
  notify(input: NotifyInput): Promise<void>;
  notifyMany(inputs: NotifyInput[]): Promise<void>;
}

export interface NotifierDeps {
  db: Db;
  live: LiveBus;
  deliverers?: NotificationDeliverer[];
  log?: { error(obj: object, msg: string): void };
}

/** Placeholder until the notifications owner lands the real one (issue 09, same session). */
export function createNotifier(_deps: NotifierDeps): Notifier {
  return {
    async notify() {},
    async notifyMany() {},
  };
}
