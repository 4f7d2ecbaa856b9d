/** The Drizzle queries of comment reports and the moderation queue. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { comments, reports, users } from '../../db/schema';
import type { Cursor } from '../../lib/cursor';

export type ReportRecord = typeof reports.$inferSelect;

/** Comment reports are the `comment` rows of the shared reports table. */
const isCommentReport = eq(reports.targetType, 'comment');

/** Inserts the report; false when this user had reported this comment already. */
export async function insertReport(
  db: Db,
  values: Omit<typeof reports.$inferInsert, 'targetType'>,
): Promise<boolean> {
  const rows = await db
    .insert(reports)
    .values({ ...values, targetType: 'comment' })
    .onConflictDoNothing({ target: [reports.targetType, reports.targetId, reports.reporterId] })
    .returning({ id: reports.id });
  return rows.length > 0;
}

const reporter = alias(users, 'reporter');
const reportAuthor = alias(users, 'report_author');

export interface ReportView {
  id: string;
  status: ReportRecord['status'];
  commentText: string;
  reason: ReportRecord['reason'];
  details: string | null;
  commentId: string;
  commentBody: string;
  commentDeletedAt: Date | null;
  postId: string | null;
  mediaId: string | null;
  communityId: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  cursorAt: string;
  reporterId: string;
  reporterName: string;
  reporterUsername: string | null;
  reporterDisplayUsername: string | null;
  reporterImageKey: string | null;
  authorId: string | null;
  authorName: string | null;
  authorUsername: string | null;
  authorDisplayUsername: string | null;
  authorImageKey: string | null;
}

function selectReports(db: Db) {
  return db
    .select({
      id: reports.id,
      status: reports.status,
      commentText: reports.snapshot,
      reason: reports.reason,
      details: reports.details,
      commentId: reports.targetId,
      commentBody: comments.body,
      commentDeletedAt: comments.deletedAt,
      postId: reports.postId,
      mediaId: reports.mediaId,
      communityId: reports.communityId,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      cursorAt: sql<string>`to_char(${reports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      reporterId: reporter.id,
      reporterName: reporter.name,
      reporterUsername: reporter.username,
      reporterDisplayUsername: reporter.displayUsername,
      reporterImageKey: reporter.profileImageKey,
      authorId: reportAuthor.id,
      authorName: reportAuthor.name,
      authorUsername: reportAuthor.username,
      authorDisplayUsername: reportAuthor.displayUsername,
      authorImageKey: reportAuthor.profileImageKey,
    })
    .from(reports)
    .innerJoin(comments, and(isCommentReport, eq(comments.id, reports.targetId)))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(reportAuthor, eq(reportAuthor.id, reports.authorId));
}

/** One keyset page of reports with `status`, newest first; up to `limit + 1` rows. */
export async function listReports(
  db: Db,
  status: ReportRecord['status'],
  cursor: Cursor | undefined,
  limit: number,
): Promise<ReportView[]> {
  return selectReports(db)
    .where(
      and(
        eq(reports.status, status),
        cursor
          ? sql`(${reports.createdAt}, ${reports.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit + 1);
}

export async function findReportView(db: Db, id: string): Promise<ReportView | undefined> {
  const [row] = await selectReports(db).where(eq(reports.id, id));
  return row;
}

export async function findReportForUpdate(db: Db, id: string): Promise<ReportRecord | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Closes one report, or (with `allOpenOfComment`) every open report of its comment. */
export async function closeReports(
  db: Db,
  where: { reportId: string } | { allOpenOfComment: string },
  status: 'resolved' | 'dismissed',
  resolvedById: string,
): Promise<void> {
  await db
    .update(reports)
    .set({ status, resolvedById, resolvedAt: new Date() })
    .where(
      'reportId' in where
        ? eq(reports.id, where.reportId)
        : and(
            isCommentReport,
            eq(reports.targetId, where.allOpenOfComment),
            eq(reports.status, 'open'),
          ),
    );
}
