/** The Drizzle queries of reporting (one table for every kind of target). */
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';

export type NewReport = Omit<
  typeof reports.$inferInsert,
  'id' | 'status' | 'resolvedById' | 'resolvedAt' | 'resolutionAction' | 'resolutionReason'
>;

/** Inserts the report; false when this user had reported this target already (nothing changes). */
export async function insertReport(db: Db, values: NewReport): Promise<boolean> {
  const rows = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.targetType, reports.targetId, reports.reporterId] })
    .returning({ id: reports.id });
  return rows.length > 0;
}
