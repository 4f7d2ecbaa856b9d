/** The Drizzle queries of comment reports (the `comment` rows of the shared reports table). */
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';

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
