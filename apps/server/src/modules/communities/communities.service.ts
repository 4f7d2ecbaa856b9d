/**
 * Communities: the alphabetical search list, one community, following (membership)
 * and the admin's create / edit / picture. Rules, access checks and transactions live
 * here; queries in communities.repository, the wire shapes in communities.mapper.
 */
import type { PageCaches } from '../../lib/page-cache';
import {
  liveTopics,
  type Community,
  type CommunityPage,
  type MembershipState,
  type SearchCommunitiesQuery,
  type UpdateCommunityInput,
  type UpsertCommunityInput,
} from '@otakura/shared';
import { recordAudit } from '../moderation/audit.service';
import { runInTransaction, sqlState, type Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import type { Storage } from '../../storage/storage';
import { deleteUploadKeys, imageKeys, saveImageUpload } from '../uploads/upload.service';
import { communityCursor, type CursorSection } from '../../lib/cursor';
import { toCommunity, toCommunityListItem, type CommunityListRow } from './communities.mapper';
import * as repo from './communities.repository';

export interface CommunitiesDeps {
  db: Db;
  live: Pick<LiveBus, 'publish'>;
  storage: Storage;
}

const communityNotFound = () => notFound('community_not_found');
const nameTaken = () => conflict('community_name_taken');
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A page of the alphabetical community list (case-insensitive name order), filtered to
 * names containing `q` case-insensitively when `q` is not empty. `%`, `_` and `\` in `q`
 * match themselves. With `followedFirst`, the viewer's own communities come first (both
 * parts alphabetical), then all the others. Keyset pages: no duplicates, same cost deep down.
 */
export async function searchCommunities(
  db: Db,
  viewerId: string,
  query: SearchCommunitiesQuery,
): Promise<CommunityPage> {
  const cursor = communityCursor.decode(query.cursor);
  const limit = query.limit;
  const q = query.q.trim();
  const base = { viewerId, pattern: q === '' ? undefined : repo.substringPattern(q) };

  if (!query.followedFirst) {
    const rows = await repo.listCommunities(db, {
      ...base,
      section: 'all',
      after: cursor,
      limit: limit + 1,
    });
    return pageOf(rows, limit, () => 'rest');
  }
  if (cursor?.section === 'rest') {
    const rows = await repo.listCommunities(db, {
      ...base,
      section: 'unfollowed',
      after: cursor,
      limit: limit + 1,
    });
    return pageOf(rows, limit, () => 'rest');
  }
  const followed = await repo.listCommunities(db, {
    ...base,
    section: 'followed',
    after: cursor,
    limit: limit + 1,
  });
  if (followed.length > limit) return pageOf(followed, limit, () => 'followed');
  const rest = await repo.listCommunities(db, {
    ...base,
    section: 'unfollowed',
    limit: limit - followed.length + 1,
  });
  return pageOf([...followed, ...rest], limit, (i) => (i < followed.length ? 'followed' : 'rest'));
}

/** `rows` holds up to limit + 1 rows: the extra one only says that more follow. */
function pageOf(
  rows: CommunityListRow[],
  limit: number,
  sectionAt: (index: number) => CursorSection,
): CommunityPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toCommunityListItem),
    nextCursor:
      rows.length > limit && last
        ? communityCursor.encode({
            section: sectionAt(page.length - 1),
            name: last.name,
            id: last.id,
          })
        : null,
  };
}

/**
 * One community as the viewer sees it. 404 `community_not_found` for unknown or malformed ids.
 * With `pages`, answered from the page cache when it holds it (lib/page-cache.ts: exact, dropped
 * by every change of the row); an unknown community is never cached.
 */
export async function getCommunity(
  db: Db,
  viewerId: string,
  communityId: string,
  pages?: PageCaches['communities'],
): Promise<Community> {
  if (!isId(communityId)) throw communityNotFound();
  // Keyed in lower case, as the database's invalidations name the row.
  const key = communityId.toLowerCase();
  const hit = pages?.get(key, viewerId);
  if (hit) return { ...hit.base, isMember: hit.rel };
  const epoch = pages?.epoch ?? 0;
  const row = await repo.findCommunityForViewer(db, communityId, viewerId);
  if (!row) throw communityNotFound();
  const community = toCommunity(row, { isMember: row.isMember }, row.series ?? null);
  pages?.set(key, viewerId, community, row.isMember, epoch);
  return community;
}

/**
 * Follows (joins) a community: one transaction that inserts the membership row with
 * ON CONFLICT DO NOTHING and moves member_count only when the row really was inserted,
 * so twice is once and counts equal rows under any concurrency. O(1) whatever the size
 * of the community: no posts are copied, the following feed is a query over memberships.
 * Publishes `community.members` after the commit when the count changed.
 */
export async function follow(
  deps: CommunitiesDeps,
  viewerId: string,
  communityId: string,
): Promise<MembershipState> {
  if (!isId(communityId)) throw communityNotFound();
  let result: { memberCount: number | undefined; changed: boolean };
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      const inserted = await repo.insertMembership(tx, communityId, viewerId);
      const memberCount = inserted
        ? await repo.shiftMemberCount(tx, communityId, 1)
        : await repo.memberCountOf(tx, communityId);
      return { memberCount, changed: inserted };
    });
  } catch (err) {
    // The community was deleted between the insert's lookup and its foreign-key check.
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw communityNotFound();
    throw err;
  }
  return settle(deps, communityId, { isMember: true, ...result });
}

/** Unfollows (leaves) a community; idempotent like `follow`, and O(1) too. */
export async function unfollow(
  deps: CommunitiesDeps,
  viewerId: string,
  communityId: string,
): Promise<MembershipState> {
  if (!isId(communityId)) throw communityNotFound();
  const result = await runInTransaction(deps.db, async (tx) => {
    const deleted = await repo.deleteMembership(tx, communityId, viewerId);
    const memberCount = deleted
      ? await repo.shiftMemberCount(tx, communityId, -1)
      : await repo.memberCountOf(tx, communityId);
    return { memberCount, changed: deleted };
  });
  return settle(deps, communityId, { isMember: false, ...result });
}

async function settle(
  deps: CommunitiesDeps,
  communityId: string,
  r: { isMember: boolean; memberCount: number | undefined; changed: boolean },
): Promise<MembershipState> {
  if (r.memberCount === undefined) throw communityNotFound();
  if (r.changed) {
    await deps.live.publish({
      type: 'community.members',
      topic: liveTopics.community(communityId),
      communityId,
      memberCount: r.memberCount,
    });
  }
  return { isMember: r.isMember, memberCount: r.memberCount };
}

/**
 * Admin: creates a community. 409 `community_name_taken` when the name exists in any case.
 * Writes `community.create` to the audit log in the same transaction.
 */
export async function createCommunity(
  db: Db,
  adminId: string,
  input: UpsertCommunityInput,
): Promise<Community> {
  const row = await runInTransaction(db, async (tx) => {
    await repo.lockName(tx, input.name);
    if (await repo.findByNameCi(tx, input.name)) throw nameTaken();
    const created = await repo.insertCommunity(tx, { name: input.name, about: input.about });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'community.create',
      targetType: 'community',
      targetId: created.id,
      label: created.name,
    });
    return created;
  });
  return toCommunity(row, { isMember: false });
}

/**
 * Admin: changes the name and/or about text; the name stays unique case-insensitively (409).
 * A change writes `community.update` (the fields changed) in the same transaction.
 */
export async function updateCommunity(
  db: Db,
  adminId: string,
  communityId: string,
  input: UpdateCommunityInput,
): Promise<Community> {
  if (!isId(communityId)) throw communityNotFound();
  const row = await runInTransaction(db, async (tx) => {
    const fields: { name?: string; about?: string } = {};
    if (input.about !== undefined) fields.about = input.about;
    if (input.name !== undefined) {
      await repo.lockName(tx, input.name);
      if (await repo.findByNameCi(tx, input.name, communityId)) throw nameTaken();
      fields.name = input.name;
    }
    if (!Object.keys(fields).length) return repo.findCommunityById(tx, communityId);
    const updated = await repo.updateCommunity(tx, communityId, fields);
    if (updated)
      await recordAudit(tx, {
        actorId: adminId,
        action: 'community.update',
        targetType: 'community',
        targetId: communityId,
        label: updated.name,
        details: { fields: Object.keys(fields) },
      });
    return updated;
  });
  if (!row) throw communityNotFound();
  return toCommunity(row, { isMember: await repo.isMember(db, communityId, adminId) });
}

/** Storage folder of a community's pictures. */
export function communityImagePrefix(communityId: string): string {
  return `community-images/${communityId}`;
}

/**
 * Admin: replaces the community's picture. The image is validated and stored (1280 px
 * and 640 px WebP variants) and the row pointed at it before the old files are deleted;
 * only files in the community's own folder are ever deleted.
 */
export async function setCommunityImage(
  deps: CommunitiesDeps,
  adminId: string,
  communityId: string,
  buffer: Buffer,
): Promise<Community> {
  if (!isId(communityId) || !(await repo.findCommunityById(deps.db, communityId)))
    throw communityNotFound();
  const prefix = communityImagePrefix(communityId);
  const saved = await saveImageUpload(deps.storage, { prefix, buffer, maxWidth: 1280 });
  const keys = { imageKey: saved.key, thumbnailKey: saved.variants.w640Key };
  let result: Awaited<ReturnType<typeof repo.replaceImageKeys>>;
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      const replaced = await repo.replaceImageKeys(tx, communityId, keys);
      if (replaced)
        await recordAudit(tx, {
          actorId: adminId,
          action: 'community.update',
          targetType: 'community',
          targetId: communityId,
          label: replaced.row.name,
          details: { fields: ['image'] },
        });
      return replaced;
    });
  } catch (err) {
    await deleteUploadKeys(deps.storage, imageKeys(saved));
    throw err;
  }
  if (!result) {
    await deleteUploadKeys(deps.storage, imageKeys(saved));
    throw communityNotFound();
  }
  const kept = new Set(imageKeys(saved));
  const old = [result.old.imageKey, result.old.thumbnailKey].filter(
    (k): k is string => !!k && k.startsWith(`${prefix}/`) && !kept.has(k),
  );
  await deleteUploadKeys(deps.storage, [...new Set(old)]);
  return toCommunity(result.row, { isMember: await repo.isMember(deps.db, communityId, adminId) });
}
