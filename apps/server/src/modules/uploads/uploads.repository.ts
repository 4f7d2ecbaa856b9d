/**
 * Queries of the uploads table for POST /api/uploads: a new unused upload, and the
 * housekeeping of a user's stale ones. Claiming uploads for a post is the posts module's
 * own write (in its create-post transaction).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { imageFileKeys } from '../../storage/image-files';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: Db,
  values: typeof uploads.$inferInsert,
): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/** Unused uploads of a user older than `olderThanMs`: rows deleted, keys answered (files are the caller's). */
export async function deleteStaleUploads(
  db: Db,
  userId: string,
  olderThanMs: number,
): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        isNull(uploads.postId),
        sql`${uploads.createdAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
      ),
    )
    .returning({ key: uploads.key, largeKey: uploads.largeKey, variants: uploads.variants });
  return rows.flatMap(imageFileKeys);
}
