/**
 * Acting on a case (docs/moderation.md): dismiss, remove, warn or suspend, always with a reason.
 * ONE transaction locks the target's open reports, does the action (through the owning module's
 * in-transaction helper), closes every open report with the action, reason and moderator, and
 * writes the audit log. Live events, file deletions and notifications follow the commit.
 *
 * A case with no open reports (never reported, or closed meanwhile by another moderator)
 * answers 404 `case_not_found`: the second of two concurrent actions waits for the first's
 * locks, then finds nothing open.
 */
import type { CaseActionInput, ModerationCase, ReportTargetType } from '@otakura/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, runInTransaction, type Db } from '../../db/client';
import { appError, forbidden, notFound, validationError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import {
  announceCommentRemoved,
  tombstoneCommentInTransaction,
} from '../comments/comments.service';
import type { NotifyInput } from '../notifications/notifications.service';
import {
  finishPostRemoval,
  removePostInTransaction,
  type RemovedPost,
} from '../posts/posts.service';
import { hideShopItemInTransaction } from '../shop/shop.service';
import { recordAudit } from './audit.service';
import { excerptOf } from './content-text';
import { caseNotFound, getCaseByKey } from './queue.service';
import { roleOf } from './standing.service';
import {
  announceSuspension,
  lengthLabel,
  RULES_LINK,
  standingNotice,
  suspendInTransaction,
  type ModerationDeps,
} from './suspension.service';

export interface CaseActionDeps extends ModerationDeps {
  storage: Storage;
}

export const CASE_ACTION_MESSAGES = {
  removeUser: 'An account cannot be removed. Suspend it instead.',
  chooseLength: 'Choose how long the suspension lasts.',
} as const;

const OpenReportSchema = z.object({
  reporterId: z.string(),
  authorId: z.string().nullable(),
  snapshot: z.string(),
  postId: z.string().nullable(),
  mediaId: z.string().nullable(),
});

/** The target's open reports, oldest first, locked until the transaction ends. */
function lockOpenReports(tx: Db, type: ReportTargetType, id: string) {
  return queryParsed(
    tx,
    OpenReportSchema,
    sql`select reporter_id as "reporterId", author_id as "authorId", snapshot,
        post_id as "postId", media_id as "mediaId"
      from reports where target_type = ${type} and target_id = ${id}::uuid and status = 'open'
      order by created_at, id
      for update`,
  );
}

/** Closes them all with the action; answers the closing time (the closed case's key). */
async function closeOpenReports(
  tx: Db,
  type: ReportTargetType,
  id: string,
  moderatorId: string,
  input: CaseActionInput,
): Promise<string> {
  const [row] = await queryParsed(
    tx,
    z.object({ at: z.string() }),
    sql`update reports set status = ${input.action === 'dismiss' ? 'dismissed' : 'resolved'},
        resolved_by_id = ${moderatorId}::uuid, resolved_at = now(),
        resolution_action = ${input.action}, resolution_reason = ${input.reason}
      where target_type = ${type} and target_id = ${id}::uuid and status = 'open'
      returning to_char(resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
  );
  return row!.at;
}

async function roleOfUser(tx: Db, userId: string): Promise<string | undefined> {
  const [row] = await queryParsed(
    tx,
    z.object({ role: z.string() }),
    sql`select role from users where id = ${userId}::uuid`,
  );
  return row?.role;
}

/** The web path of reported content (reporters' notifications). */
export function contentLink(
  type: ReportTargetType,
  id: string,
  place: { postId: string | null; mediaId: string | null },
): string {
  switch (type) {
    case 'comment':
      return place.mediaId ? `/media/comments/${place.mediaId}` : `/post/${place.postId ?? ''}`;
    case 'post':
      return `/post/${id}`;
    case 'user':
      return `/user/${id}`;
    case 'shop_item':
      return `/item/${id}`;
  }
}

/** Applies a moderator's action to the open case of a target; answers the closed case. */
export async function actOnCase(
  deps: CaseActionDeps,
  moderatorId: string,
  targetType: ReportTargetType,
  targetId: string,
  input: CaseActionInput,
): Promise<ModerationCase> {
  if (!isId(targetId)) throw caseNotFound();
  if (input.action === 'remove' && targetType === 'user')
    throw appError('bad_request', CASE_ACTION_MESSAGES.removeUser);
  if (input.action === 'suspend' && input.durationDays === undefined)
    throw validationError(
      [{ path: 'durationDays', message: CASE_ACTION_MESSAGES.chooseLength }],
      CASE_ACTION_MESSAGES.chooseLength,
    );
  const days = input.durationDays ?? null;

  const done = await runInTransaction(deps.db, async (tx) => {
    const open = await lockOpenReports(tx, targetType, targetId);
    const first = open[0];
    if (!first) throw caseNotFound();
    const authorId = first.authorId;
    if (authorId === moderatorId) throw forbidden('cannot_moderate_self');
    const label = excerptOf(first.snapshot);
    const caseRef = { caseTargetType: targetType, caseTargetId: targetId };

    let removedComment: Awaited<ReturnType<typeof tombstoneCommentInTransaction>>;
    let removedPost: RemovedPost | undefined;
    if (input.action === 'remove') {
      let removed: unknown;
      if (targetType === 'comment')
        removed = removedComment = await tombstoneCommentInTransaction(tx, targetId);
      else if (targetType === 'post')
        removed = removedPost = await removePostInTransaction(tx, targetId);
      else removed = await hideShopItemInTransaction(tx, targetId);
      if (!removed) throw appError('case_content_gone');
    }
    if (input.action === 'warn' || input.action === 'suspend') {
      if (!authorId) throw notFound('user_not_found');
      const role = await roleOfUser(tx, authorId);
      if (role === undefined) throw notFound('user_not_found');
      if (roleOf(role) !== 'user') throw forbidden('cannot_moderate_staff');
    }
    let until: Date | null = null;
    if (input.action === 'suspend') {
      until = await suspendInTransaction(tx, authorId!, input.reason, days);
    }

    const resolvedAt = await closeOpenReports(tx, targetType, targetId, moderatorId, input);
    const common = { actorId: moderatorId, reason: input.reason, label, subjectId: authorId };
    switch (input.action) {
      case 'dismiss':
        await recordAudit(tx, {
          ...common,
          action: 'report.dismiss',
          targetType,
          targetId,
          details: { reportCount: open.length },
        });
        break;
      case 'remove':
        await recordAudit(tx, {
          ...common,
          action: 'content.remove',
          targetType,
          targetId,
          details: { reportCount: open.length },
        });
        break;
      case 'warn':
        await recordAudit(tx, {
          ...common,
          action: 'user.warn',
          targetType: 'user',
          targetId: authorId,
          details: { ...caseRef, reportCount: open.length },
        });
        break;
      case 'suspend':
        await recordAudit(tx, {
          ...common,
          action: 'user.suspend',
          targetType: 'user',
          targetId: authorId,
          details: {
            ...caseRef,
            reportCount: open.length,
            durationDays: days,
            until: until?.toISOString() ?? null,
          },
        });
        break;
    }
    return { resolvedAt, open, authorId, label, removedComment, removedPost };
  });

  // After the commit: live events and files, then the people concerned.
  if (done.removedComment) await announceCommentRemoved(deps.live, done.removedComment);
  if (done.removedPost) await finishPostRemoval(deps, done.removedPost);
  if (input.action === 'suspend' && done.authorId) await announceSuspension(deps, done.authorId);

  const first = done.open[0]!;
  const link = contentLink(targetType, targetId, first);
  const notices: NotifyInput[] = [...new Set(done.open.map((r) => r.reporterId))]
    .filter((id) => id !== moderatorId)
    .map((recipientId) => ({
      recipientId,
      type: 'moderation',
      subtype: input.action === 'dismiss' ? 'report_dismissed' : 'report_actioned',
      targetType,
      targetId,
      link,
      excerpt: done.label,
      reason: input.reason,
    }));
  if (done.authorId) {
    if (input.action === 'remove')
      notices.push({
        recipientId: done.authorId,
        type: 'moderation',
        subtype: 'content_removed',
        targetType,
        targetId,
        link: RULES_LINK,
        excerpt: done.label,
        reason: input.reason,
      });
    if (input.action === 'warn')
      notices.push(standingNotice(done.authorId, 'warned', input.reason, done.label));
    if (input.action === 'suspend')
      notices.push(standingNotice(done.authorId, 'suspended', input.reason, lengthLabel(days)));
  }
  await deps.notifier.notifyMany(notices);

  return getCaseByKey(deps.db, { targetType, targetId, resolvedAt: done.resolvedAt });
}
