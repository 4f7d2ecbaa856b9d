/**
 * Queries of a user's owned volumes (issue 12): the volumes bought in the shop, written by the
 * orders module when a payment is confirmed (owned_volumes), and whether the owner shows them.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { visibleUser } from '../../db/visible-user';

const OwnerRowSchema = z.object({ id: z.string(), public: z.boolean() });

/** The user if they may be shown, with their "show owned volumes" setting; undefined otherwise. */
export async function findOwner(
  db: Db,
  userId: string,
): Promise<z.infer<typeof OwnerRowSchema> | undefined> {
  const [row] = await queryParsed(
    db,
    OwnerRowSchema,
    sql`select ${users.id} as id, coalesce(us.show_owned_volumes, false) as public
      from ${users}
      left join user_settings us on us.user_id = ${users.id}
      where ${users.id} = ${userId}::uuid and ${visibleUser()}`,
  );
  return row;
}

const OwnedVolumeRowSchema = z.object({
  volumeId: z.string(),
  number: z.number().int(),
  title: z.string(),
  coverKey: z.string().nullable(),
  mediaId: z.string(),
  mediaTitle: z.string(),
  mediaKind: z.enum(['video', 'manga', 'sequence']),
  ownedAt: z.coerce.date(),
});
export type OwnedVolumeRow = z.infer<typeof OwnedVolumeRowSchema>;

/** The user's owned volumes by series title, then volume number; at most `limit`. */
export function listOwnedVolumes(db: Db, userId: string, limit: number): Promise<OwnedVolumeRow[]> {
  return queryParsed(
    db,
    OwnedVolumeRowSchema,
    sql`select v.id as "volumeId", v.number, v.title, v.cover_key as "coverKey",
        m.id as "mediaId", m.title as "mediaTitle", m.kind as "mediaKind",
        ov.created_at as "ownedAt"
      from owned_volumes ov
      join media_volumes v on v.id = ov.volume_id
      join media m on m.id = ov.media_id
      where ov.user_id = ${userId}::uuid
      order by m.title, m.id, v.number, v.id
      limit ${limit}`,
  );
}
