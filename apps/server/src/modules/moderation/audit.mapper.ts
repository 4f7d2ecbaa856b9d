/** The one place that decides which fields of an audit entry leave the server. */
import type { AuditAction, AuditEntry, AuditTargetType } from '@otakura/shared';
import { toUserSummary } from '../../lib/user-summary';
import type { AuditRow } from './audit.repository';

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor:
      row.actorId && row.actorName !== null
        ? toUserSummary({
            id: row.actorId,
            name: row.actorName,
            username: row.actorUsername,
            displayUsername: row.actorDisplayUsername,
            profileImageKey: row.actorImageKey,
          })
        : null,
    action: row.action as AuditAction,
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    subject:
      row.subjectId && row.subjectName !== null
        ? toUserSummary({
            id: row.subjectId,
            name: row.subjectName,
            username: row.subjectUsername,
            displayUsername: row.subjectDisplayUsername,
            profileImageKey: row.subjectImageKey,
          })
        : null,
    reason: row.reason,
    label: row.label,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
