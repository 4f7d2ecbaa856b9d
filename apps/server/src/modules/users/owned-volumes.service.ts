/**
 * A user's owned volumes (issue 12): the owner always sees them; anyone else only while the owner
 * has switched on "Show the volumes I own on my profile" (user_settings.show_owned_volumes, off by
 * default). The rule is enforced here, so a private list never leaves the server.
 */
import { SHOP_RULES, type OwnedVolumes } from '@otakura/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { isId } from '../../lib/ids';
import * as repo from './owned-volumes.repository';

/**
 * `userId`'s owned volumes as `viewerId` may see them: the whole list for the owner or when it is
 * public, else an empty list with `public: false`. 404 `user_not_found` for unknown, malformed,
 * system or banned ids.
 */
export async function getOwnedVolumes(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<OwnedVolumes> {
  if (!isId(userId)) throw notFound('user_not_found');
  const owner = await repo.findOwner(db, userId);
  if (!owner) throw notFound('user_not_found');
  if (owner.id !== viewerId && !owner.public) return { items: [], public: false };
  const rows = await repo.listOwnedVolumes(db, owner.id, SHOP_RULES.ownedVolumesMax);
  return {
    public: owner.public,
    items: rows.map((r) => ({
      volumeId: r.volumeId,
      number: r.number,
      title: r.title,
      coverUrl: fileUrl(r.coverKey),
      series: { id: r.mediaId, title: r.mediaTitle, kind: r.mediaKind },
      ownedAt: r.ownedAt.toISOString(),
    })),
  };
}
