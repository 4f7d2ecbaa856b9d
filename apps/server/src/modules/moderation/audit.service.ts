/**
 * The audit log (docs/moderation.md): every moderator and admin action, who, what, when, why.
 * Rows are only ever inserted; call `recordAudit` inside the transaction of the action it
 * records, so an action never happens without its line (nor a line without its action).
 */
import type { AuditAction, AuditTargetType } from '@otakura/shared';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

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

export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId ?? null,
    subjectId: input.subjectId ?? null,
    reason: input.reason ?? null,
    label: input.label ? input.label.slice(0, 200) : null,
    details: input.details ?? {},
  });
}
