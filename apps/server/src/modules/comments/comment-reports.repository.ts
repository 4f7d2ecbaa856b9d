/** The Drizzle queries of comment reports and the moderation queue. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { commentReports, comments, users } from '../../db/schema';
import type { Cursor } from '../../lib/cursor';

export type ReportRecord = typeof commentReports.$inferSelect;

/** Inserts the report; false when this user had reported this comment already. */
export async function insertReport(
  db: Db,
  values: typeof commentReports.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(commentReports)
    .values(values)
    .onConflictDoNothing({ target: [commentReports.commentId, commentReports.reporterId] })
    .returning({ id: commentReports.id });
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
      id: commentReports.id,
      status: commentReports.status,
      commentText: commentReports.commentText,
      reason: commentReports.reason,
      details: commentReports.details,
      commentId: commentReports.commentId,
      commentBody: comments.body,
      commentDeletedAt: comments.deletedAt,
      postId: commentReports.postId,
      mediaId: commentReports.mediaId,
      communityId: commentReports.communityId,
      createdAt: commentReports.createdAt,
      resolvedAt: commentReports.resolvedAt,
      cursorAt: sql<string>`to_char(${commentReports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
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
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(reporter, eq(reporter.id, commentReports.reporterId))
    .leftJoin(reportAuthor, eq(reportAuthor.id, commentReports.authorId));
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
        eq(commentReports.status, status),
        cursor
          ? sql`(${commentReports.createdAt}, ${commentReports.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(commentReports.createdAt), desc(commentReports.id))
    .limit(limit + 1);
}

export async function findReportView(db: Db, id: string): Promise<ReportView | undefined> {
  const [row] = await selectReports(db).where(eq(commentReports.id, id));
  return row;
}

export async function findReportForUpdate(db: Db, id: string): Promise<ReportRecord | undefined> {
  const [row] = await db
    .select()
    .from(commentReports)
    .where(eq(commentReports.id, id))
    .for('update');
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
    .update(commentReports)
    .set({ status, resolvedById, resolvedAt: new Date() })
    .where(
      'reportId' in where
        ? eq(commentReports.id, where.reportId)
        : and(
            eq(commentReports.commentId, where.allOpenOfComment),
            eq(commentReports.status, 'open'),
          ),
    );
}
