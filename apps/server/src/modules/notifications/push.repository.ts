/** Drizzle queries of Web Push subscriptions (`push_subscriptions`). */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription for `userId`; an endpoint already known moves to this user with its new keys. */
export async function upsertSubscription(
  db: Db,
  values: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        failureCount: 0,
      },
    });
}

/** Deletes `userId`'s subscription with this endpoint; another user's is left alone. True when one went. */
export async function deleteOwnSubscription(
  db: Db,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export function listForUser(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** A delivery worked: the failure streak ends. */
export async function recordSuccess(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failureCount: 0, lastSuccessAt: at })
    .where(eq(pushSubscriptions.id, id));
}

/** A delivery failed: one more in the streak; the subscription goes once the streak reaches `maxFailures`. */
export async function recordFailure(db: Db, id: string, maxFailures: number): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(eq(pushSubscriptions.id, id));
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), gte(pushSubscriptions.failureCount, maxFailures)));
}
