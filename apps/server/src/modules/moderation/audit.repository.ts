/** The audit log's queries: inserts (recordAudit) and the filtered, newest-first read. */
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Cursor } from '../../lib/cursor';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: Db | Tx, values: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  subjectId?: string;
  targetType?: string;
  /** Inclusive bounds. */
  from?: Date;
  to?: Date;
}

const actor = alias(users, 'audit_actor');
const subject = alias(users, 'audit_subject');

const microUtc = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of entries, newest first over `(created_at, id)`, with actor and subject bylines. */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  after: Cursor | undefined,
  limit: number,
) {
  const where: SQL[] = [];
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) where.push(lte(auditLog.createdAt, filter.to));
  if (after)
    where.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      reason: auditLog.reason,
      label: auditLog.label,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      cursorAt: microUtc,
      actorId: actor.id,
      actorName: actor.name,
      actorUsername: actor.username,
      actorDisplayUsername: actor.displayUsername,
      actorImageKey: actor.profileImageKey,
      subjectId: subject.id,
      subjectName: subject.name,
      subjectUsername: subject.username,
      subjectDisplayUsername: subject.displayUsername,
      subjectImageKey: subject.profileImageKey,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number];
