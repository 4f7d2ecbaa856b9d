/**
 * Warnings and suspensions (docs/moderation.md, "Suspension"). A suspension sets Better Auth's
 * admin fields (`banned`, `ban_reason`, `ban_expires`; null = for good) and deletes every session
 * of the user in the same transaction; after the commit `session.revoked` on `user:{id}` makes
 * every server's live hub close their sockets (4401). Sign-in then answers `user_disabled` until
 * the end (Better Auth lifts an expired ban at the next sign-in). Each action writes the audit
 * log in its transaction and tells the user after the commit.
 */
import {
  liveTopics,
  type ReasonInput,
  type SuspendUserInput,
  type UserStanding,
} from '@otakura/shared';
import { eq, sql } from 'drizzle-orm';
import { runInTransaction, type Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { conflict, forbidden } from '../../lib/errors';
import type { LiveBus } from '../live/live-bus';
import type { Notifier, NotifyInput } from '../notifications/notifications.service';
import { recordAudit } from './audit.service';
import { getStanding, isSuspended } from './standing.service';

export interface ModerationDeps {
  db: Db;
  live: LiveBus;
  notifier: Notifier;
  log?: { warn(obj: object, msg: string): void };
}

/** Where the notifications about one's own standing lead: the rules that apply. */
export const RULES_LINK = '/terms-and-conditions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The checks before a warning or a suspension: not oneself (`cannot_moderate_self`), not a
 * moderator or admin (`cannot_moderate_staff`).
 */
export function assertMayDiscipline(moderatorId: string, subject: UserStanding): void {
  if (subject.id === moderatorId) throw forbidden('cannot_moderate_self');
  if (subject.role !== 'user') throw forbidden('cannot_moderate_staff');
}

/** The end of a suspension of `days` from now; null for good. */
export function suspensionEnd(days: number | null, now = new Date()): Date | null {
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

/**
 * Suspends inside the caller's transaction: the admin fields set and every session deleted.
 * The caller publishes `session.revoked` (`announceSuspension`) after the commit.
 */
export async function suspendInTransaction(
  tx: Db,
  userId: string,
  reason: string,
  days: number | null,
): Promise<Date | null> {
  const until = suspensionEnd(days);
  await tx
    .update(users)
    .set({ banned: true, banReason: reason, banExpires: until, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return until;
}

/** After a suspension committed: every server closes the user's sockets (never sent to clients). */
export async function announceSuspension(deps: ModerationDeps, userId: string): Promise<void> {
  try {
    await deps.live.publish({ type: 'session.revoked', topic: liveTopics.user(userId), userId });
  } catch (err) {
    // The bus logs its own failures; the sessions are gone anyway and the hub's recheck closes the sockets.
    deps.log?.warn({ err, userId }, 'session.revoked not published');
  }
}

/** "for 7 days", "for good": how the notification and the audit label name a length. */
export function lengthLabel(days: number | null): string {
  if (days === null) return 'for good';
  return days === 1 ? 'for 1 day' : `for ${days} days`;
}

/** A moderation notification to the person concerned (never throws: the notifier logs). */
export function standingNotice(
  userId: string,
  subtype: 'warned' | 'suspended' | 'unsuspended',
  reason: string,
  excerpt: string | null = null,
): NotifyInput {
  return {
    recipientId: userId,
    type: 'moderation',
    subtype,
    targetType: 'user',
    targetId: userId,
    link: RULES_LINK,
    reason,
    excerpt,
  };
}

/** Warns a user: audit `user.warn`, a `warned` notification with the reason. */
export async function warnUser(
  deps: ModerationDeps,
  moderatorId: string,
  userId: string,
  input: ReasonInput,
): Promise<UserStanding> {
  const subject = await getStanding(deps.db, userId);
  assertMayDiscipline(moderatorId, subject);
  await runInTransaction(deps.db, (tx) =>
    recordAudit(tx, {
      actorId: moderatorId,
      action: 'user.warn',
      targetType: 'user',
      targetId: subject.id,
      subjectId: subject.id,
      reason: input.reason,
      label: `@${subject.username}`,
    }),
  );
  await deps.notifier.notify(standingNotice(subject.id, 'warned', input.reason));
  return getStanding(deps.db, userId);
}

/**
 * Suspends a user for `durationDays` (null = for good); suspending again replaces the reason
 * and the end. Sessions end in the same transaction; sockets close after the commit.
 */
export async function suspendUser(
  deps: ModerationDeps,
  moderatorId: string,
  userId: string,
  input: SuspendUserInput,
): Promise<UserStanding> {
  const subject = await getStanding(deps.db, userId);
  assertMayDiscipline(moderatorId, subject);
  await runInTransaction(deps.db, async (tx) => {
    const until = await suspendInTransaction(tx, subject.id, input.reason, input.durationDays);
    await recordAudit(tx, {
      actorId: moderatorId,
      action: 'user.suspend',
      targetType: 'user',
      targetId: subject.id,
      subjectId: subject.id,
      reason: input.reason,
      label: `@${subject.username}`,
      details: { durationDays: input.durationDays, until: until?.toISOString() ?? null },
    });
  });
  await announceSuspension(deps, subject.id);
  await deps.notifier.notify(
    standingNotice(subject.id, 'suspended', input.reason, lengthLabel(input.durationDays)),
  );
  return getStanding(deps.db, userId);
}

/** Lifts a suspension that holds now (409 `user_not_suspended` otherwise). */
export async function unsuspendUser(
  deps: ModerationDeps,
  moderatorId: string,
  userId: string,
  input: ReasonInput,
): Promise<UserStanding> {
  const subject = await getStanding(deps.db, userId);
  if (subject.id === moderatorId) throw forbidden('cannot_moderate_self');
  await runInTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ banned: users.banned, banExpires: users.banExpires })
      .from(users)
      .where(eq(users.id, subject.id))
      .for('update');
    if (!row || !isSuspended(row)) throw conflict('user_not_suspended');
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: sql`now()` })
      .where(eq(users.id, subject.id));
    await recordAudit(tx, {
      actorId: moderatorId,
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: subject.id,
      subjectId: subject.id,
      reason: input.reason,
      label: `@${subject.username}`,
    });
  });
  await deps.notifier.notify(standingNotice(subject.id, 'unsuspended', input.reason));
  return getStanding(deps.db, userId);
}
