/** The one place that decides which notification fields leave the server. */
import type { Notification, NotificationSubtype, UserSummary } from '@otakura/shared';
import { toUserSummary } from '../../lib/user-summary';
import type { ActorRow, NotificationRow } from './notifications.repository';

/** The newest actors of each notification id, newest first. */
export function actorsById(rows: ActorRow[]): Map<string, UserSummary[]> {
  const byId = new Map<string, UserSummary[]>();
  for (const row of rows) {
    const list = byId.get(row.notificationId) ?? [];
    list.push(toUserSummary(row));
    byId.set(row.notificationId, list);
  }
  return byId;
}

export function toNotification(row: NotificationRow, actors: UserSummary[]): Notification {
  return {
    id: row.id,
    type: row.type,
    subtype: (row.subtype as NotificationSubtype | null) ?? null,
    actors,
    actorCount: row.actorCount,
    excerpt: row.excerpt,
    reason: row.reason,
    link: row.link,
    read: row.readAt !== null,
    updatedAt: new Date(row.updatedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
