/** The link_previews cache table. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linkPreviews } from '../../db/schema';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;
export type LinkPreviewStatus = 'ok' | 'failed' | 'blocked';

export async function findPreview(db: Db, urlHash: string): Promise<LinkPreviewRow | undefined> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.urlHash, urlHash));
  return row;
}

/** Inserts or replaces the cached preview of one URL. */
export async function savePreview(
  db: Db,
  row: Omit<typeof linkPreviews.$inferInsert, 'fetchedAt'> & { status: LinkPreviewStatus },
): Promise<void> {
  await db
    .insert(linkPreviews)
    .values({ ...row, fetchedAt: sql`now()` })
    .onConflictDoUpdate({
      target: linkPreviews.urlHash,
      set: {
        url: row.url,
        title: row.title ?? null,
        description: row.description ?? null,
        siteName: row.siteName ?? null,
        imageKey: row.imageKey ?? null,
        status: row.status,
        fetchedAt: sql`now()`,
      },
    });
}
