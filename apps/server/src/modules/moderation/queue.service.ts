/**
 * The moderation queue (docs/moderation.md, "The queue"): one case per reported target. Open
 * cases (the target's open reports) come oldest first by their first report, so the one closest
 * to its 24 hours is on top; closed cases (the reports one action closed) newest first.
 */
import {
  CASE_ACTIONS,
  REPORT_REVIEW_HOURS,
  type CaseAction,
  type ModerationCase,
  type ModerationCasePage,
  type ModerationQueueCount,
  type ModerationQueueQuery,
  type ReportTargetType,
} from '@otakura/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { cursorCodec, cursorId, cursorTimestamp } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { isId } from '../../lib/ids';
import { toUserSummary } from '../../lib/user-summary';
import { postText, shopItemText, userText } from './content-text';
import * as repo from './queue.repository';
import type { CaseKey } from './queue.repository';
import { findStandings } from './standing.service';

/** The newest reports a case shows. */
export const CASE_REPORTS_SHOWN = 20;

const HOUR_MS = 60 * 60 * 1000;

/** Keyset cursors of the two lists: (first report, target id) and (closed at, target id). */
const openCursor = cursorCodec({
  wire: z.tuple([z.literal('mo'), cursorTimestamp, cursorId]),
  read: ([, at, id]) => ({ at, id }),
  write: (c: { at: string; id: string }) => ['mo', c.at, c.id] as const,
});
const closedCursor = cursorCodec({
  wire: z.tuple([z.literal('mc'), cursorTimestamp, cursorId]),
  read: ([, at, id]) => ({ at, id }),
  write: (c: { at: string; id: string }) => ['mc', c.at, c.id] as const,
});

export const caseNotFound = () => notFound('case_not_found');

/** One page of the queue. */
export async function listQueue(db: Db, query: ModerationQueueQuery): Promise<ModerationCasePage> {
  const codec = query.status === 'open' ? openCursor : closedCursor;
  const after = codec.decode(query.cursor);
  const list = query.status === 'open' ? repo.listOpenCases : repo.listClosedCases;
  const rows = await list(db, { type: query.type, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const keys: CaseKey[] = page.map((r) => ({
    targetType: r.targetType,
    targetId: r.targetId,
    resolvedAt: query.status === 'open' ? null : r.sortAt,
  }));
  const last = page[page.length - 1];
  return {
    items: await loadCases(db, keys),
    nextCursor:
      rows.length > query.limit && last
        ? codec.encode({ at: last.sortAt, id: last.targetId })
        : null,
  };
}

/** How many cases are open, and how many of them are past their 24 hours. */
export function queueCount(db: Db): Promise<ModerationQueueCount> {
  return repo.countOpenCases(db, REPORT_REVIEW_HOURS);
}

/**
 * The case of a target: its open case when it has open reports, else the latest closed one.
 * 404 `case_not_found` when it was never reported.
 */
export async function getCase(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ModerationCase> {
  if (!isId(targetId)) throw caseNotFound();
  const resolvedAt = (await repo.hasOpenReports(db, targetType, targetId))
    ? null
    : await repo.latestClosedAt(db, targetType, targetId);
  if (resolvedAt === undefined) throw caseNotFound();
  return getCaseByKey(db, { targetType, targetId, resolvedAt });
}

/** One case by its key; 404 `case_not_found` when it holds no reports. */
export async function getCaseByKey(db: Db, key: CaseKey): Promise<ModerationCase> {
  const [found] = await loadCases(db, [key]);
  if (!found) throw caseNotFound();
  return found;
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const idsOf = (keys: CaseKey[], type: ReportTargetType) =>
  keys.filter((k) => k.targetType === type).map((k) => k.targetId);

function actionOf(row: repo.CaseSummaryRow): CaseAction {
  const action = CASE_ACTIONS.find((a) => a === row.resolutionAction);
  // Reports closed before issue 09 carry no action: dismissed ones were dismissals.
  return action ?? (row.status === 'dismissed' ? 'dismiss' : 'remove');
}

/** The full cases of `keys`, in the same order (keys without reports are left out). */
export async function loadCases(db: Db, keys: CaseKey[]): Promise<ModerationCase[]> {
  if (!keys.length) return [];
  const [summaries, reasons, reports] = await Promise.all([
    repo.caseSummaries(db, keys),
    repo.reasonCounts(db, keys),
    repo.recentReports(db, keys, CASE_REPORTS_SHOWN),
  ]);
  const summaryOf = new Map(summaries.map((s) => [s.key, s]));

  const comments = byId(await repo.commentsByIds(db, idsOf(keys, 'comment')));
  const postIds = new Set(idsOf(keys, 'post'));
  for (const s of summaries) if (s.postId) postIds.add(s.postId);
  for (const c of comments.values()) if (c.postId) postIds.add(c.postId);
  const communityIds = new Set(summaries.flatMap((s) => (s.communityId ? [s.communityId] : [])));
  const mediaIds = new Set(summaries.flatMap((s) => (s.mediaId ? [s.mediaId] : [])));
  const [posts, users, items, communities, media, moderators, authors] = await Promise.all([
    repo.postsByIds(db, [...postIds]).then(byId),
    repo.usersByIds(db, idsOf(keys, 'user')).then(byId),
    repo.shopItemsByIds(db, idsOf(keys, 'shop_item')).then(byId),
    repo.communityNames(db, [...communityIds]).then(byId),
    repo.mediaTitles(db, [...mediaIds]).then(byId),
    repo
      .userSummaries(
        db,
        summaries.flatMap((s) => (s.resolvedById ? [s.resolvedById] : [])),
      )
      .then(byId),
    findStandings(
      db,
      summaries.flatMap((s) => (s.authorId ? [s.authorId] : [])),
    ),
  ]);

  const out: ModerationCase[] = [];
  for (const key of keys) {
    const k = repo.keyText(key);
    const s = summaryOf.get(k);
    if (!s) continue;
    const author = s.authorId ? (authors.get(s.authorId) ?? null) : null;

    let current: string | null = null;
    let imageKey: string | null = null;
    let link: string;
    let postId = s.postId;
    let mediaId = s.mediaId;
    switch (key.targetType) {
      case 'comment': {
        const c = comments.get(key.targetId);
        postId = c?.postId ?? postId;
        mediaId = c?.mediaId ?? mediaId;
        const parentGone = postId ? !posts.get(postId) || !!posts.get(postId)!.deletedAt : false;
        current = c && !c.deletedAt && !parentGone ? c.body : null;
        link = mediaId ? `/media/comments/${mediaId}` : `/post/${postId ?? ''}`;
        break;
      }
      case 'post': {
        const p = posts.get(key.targetId);
        current = p && !p.deletedAt ? postText(p) : null;
        imageKey = p?.imageKey ?? null;
        link = `/post/${key.targetId}`;
        break;
      }
      case 'user': {
        const u = users.get(key.targetId);
        current = u
          ? userText({ name: u.name, username: u.displayUsername ?? u.username ?? '', bio: u.bio })
          : null;
        imageKey = u?.imageKey ?? null;
        link = `/user/${key.targetId}`;
        break;
      }
      case 'shop_item': {
        const item = items.get(key.targetId);
        current = item && !item.hiddenAt ? shopItemText(item) : null;
        imageKey = item?.imageKey ?? null;
        link = `/item/${key.targetId}`;
        break;
      }
    }
    if (!author) current = null;
    const communityId = s.communityId ?? (postId ? (posts.get(postId)?.communityId ?? null) : null);

    out.push({
      targetType: key.targetType,
      targetId: key.targetId,
      status: key.resolvedAt === null ? 'open' : 'closed',
      content: {
        snapshot: s.snapshot,
        current,
        imageUrl: fileUrl(imageKey),
        context: {
          communityId,
          communityName: communityId ? (communities.get(communityId)?.name ?? null) : null,
          postId,
          postTitle: postId ? (posts.get(postId)?.title ?? null) : null,
          mediaId,
          mediaTitle: mediaId ? (media.get(mediaId)?.name ?? null) : null,
        },
        link,
        gone: current === null,
      },
      author,
      reportCount: s.reportCount,
      reasons: reasons
        .filter((r) => r.key === k)
        .map((r) => ({ reason: r.reason, count: r.count })),
      reports: reports
        .filter((r) => r.key === k)
        .map((r) => ({
          id: r.id,
          reporter: toUserSummary({
            id: r.reporterId,
            name: r.reporterName,
            username: r.reporterUsername,
            displayUsername: r.reporterDisplayUsername,
            profileImageKey: r.reporterImageKey,
          }),
          reason: r.reason,
          details: r.details,
          createdAt: r.createdAt.toISOString(),
        })),
      firstReportedAt: s.firstAt.toISOString(),
      dueAt: new Date(s.firstAt.getTime() + REPORT_REVIEW_HOURS * HOUR_MS).toISOString(),
      resolution:
        key.resolvedAt === null
          ? null
          : {
              action: actionOf(s),
              reason: s.resolutionReason ?? '',
              moderator: s.resolvedById
                ? (() => {
                    const m = moderators.get(s.resolvedById);
                    return m ? toUserSummary(m) : null;
                  })()
                : null,
              at: (s.resolvedAt ?? s.firstAt).toISOString(),
            },
    });
  }
  return out;
}
