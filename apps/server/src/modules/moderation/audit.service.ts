/**
 * The audit log (docs/moderation.md): every moderator and admin action, who, what, when, why.
 * Rows are only ever inserted; call `recordAudit` inside the transaction of the action it
 * records, so an action never happens without its line (nor a line without its action).
 * Nothing updates or deletes them: the log has no write route.
 */
import type { AuditAction, AuditPage, AuditQuery, AuditTargetType } from '@otakura/shared';
import type { Db, Tx } from '../../db/client';
import { timeCursor } from '../../lib/cursor';
import { toAuditEntry } from './audit.mapper';
import * as repo from './audit.repository';

export interface AuditInput {
  /** Null for the command line. */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  /** The person it concerned (author, suspended user, new moderator). */
  subjectId?: string | null;
  reason?: string | null;
  /** A short label of the target (name, title, excerpt), at most 200 characters kept. */
  label?: string | null;
  details?: Record<string, unknown>;
}

/** The longest label kept. */
export const AUDIT_LABEL_MAX = 200;

export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  await repo.insertAudit(db, {
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    subjectId: input.subjectId ?? null,
    reason: input.reason ?? null,
    label: input.label ? [...input.label].slice(0, AUDIT_LABEL_MAX).join('') : null,
    details: input.details ?? {},
  });
}

/**
 * `GET /api/moderation/audit`: entries newest first, filtered by action, actor, subject, target
 * type and an inclusive time range; keyset pages over `(created_at, id)`.
 */
export async function listAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const after = timeCursor.decode(query.cursor);
  const rows = await repo.listAudit(
    db,
    {
      action: query.action,
      actorId: query.actorId,
      subjectId: query.subjectId,
      targetType: query.targetType,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    after,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toAuditEntry),
    nextCursor:
      rows.length > query.limit && last
        ? timeCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}
