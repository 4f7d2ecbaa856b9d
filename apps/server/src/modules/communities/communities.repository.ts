/**
 * Queries of the communities module. Every function takes a `Db`, which may be a
 * transaction; the service decides the transactions.
 *
 * Order everywhere: `lower(name) COLLATE "C", id`: case-insensitive, and byte order
 * of the lower-cased name, so PGlite (collation C) and PostgreSQL (whatever the
 * database's collation) list in exactly the same order and a keyset cursor means
 * the same thing on both.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { communities, communityMembers } from '../../db/schema';
import type { CommunityListRow, CommunityRow } from './communities.mapper';

/**
 * `text` with the LIKE metacharacters `\`, `%` and `_` escaped (backslash is ILIKE's
 * default escape), so that each matches itself.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern of a substring search: `%<escaped>%`. */
export function substringPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export type ListSection = 'all' | 'followed' | 'unfollowed';

export interface ListCommunitiesOptions {
  viewerId: string;
  /** An ILIKE pattern (see substringPattern); undefined lists all. */
  pattern?: string;
  /** Rows strictly after this (name as stored, id) in list order. */
  after?: { name: string; id: string };
  /** `followed`: only the viewer's communities; `unfollowed`: only the others; `all`: both. */
  section: ListSection;
  /** Rows to return at most. */
  limit: number;
}

/** The list order's key; an index on `(lower(name) COLLATE "C", id)` can return rows in this order. */
const sortKey = sql`lower(c.name) collate "C"`;
/**
 * The same order, written so that no index can provide it: used when a substring filter is
 * given. Matches of a query often cluster in the alphabet (every "Naruto …" sits under N), and
 * the planner, assuming them spread evenly, would walk an index in list order from A and
 * filter row by row: measured 0.5 s at 100,000 names (BENCHMARKS.md). Sorting the matches
 * found by the trigram index (or a scan) costs at most one pass over the matches instead.
 * Also used for the followed part, which is read by user.
 */
const filteredSortKey = sql`(lower(c.name) || '') collate "C"`;

/**
 * The SQL of one page of the alphabetical list (exported so a test can EXPLAIN
 * exactly what the endpoint runs). The substring filter is `name ILIKE pattern`,
 * which the pg_trgm GIN index `communities_name_trgm_idx` serves for 3+ characters.
 */
export function listCommunitiesSql(opts: ListCommunitiesOptions): SQL {
  const viewer = sql`${opts.viewerId}::uuid`;
  // A user's own communities are few: fetched by user and sorted, never by walking the list order.
  const key = opts.pattern === undefined && opts.section !== 'followed' ? sortKey : filteredSortKey;
  const conditions: SQL[] = [];
  if (opts.pattern !== undefined) conditions.push(sql`c.name ilike ${opts.pattern}`);
  if (opts.after) {
    conditions.push(
      sql`(${key}, c.id) > (lower(${opts.after.name}::text) collate "C", ${opts.after.id}::uuid)`,
    );
  }
  const memberOf = sql`exists (select 1 from community_members m where m.community_id = c.id and m.user_id = ${viewer})`;
  const columns = sql`c.id, c.name, c.image_key, c.thumbnail_key, c.member_count`;

  if (opts.section === 'followed') {
    conditions.unshift(sql`m.user_id = ${viewer}`);
    return sql`select ${columns}, true as is_member
      from community_members m join communities c on c.id = m.community_id
      where ${sql.join(conditions, sql` and `)}
      order by ${key}, c.id
      limit ${opts.limit}`;
  }
  if (opts.section === 'unfollowed') conditions.push(sql`not ${memberOf}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select ${columns}, ${opts.section === 'unfollowed' ? sql`false` : memberOf} as is_member
    from communities c
    ${where}
    order by ${key}, c.id
    limit ${opts.limit}`;
}

interface ListRowRaw extends Record<string, unknown> {
  id: string;
  name: string;
  image_key: string | null;
  thumbnail_key: string | null;
  member_count: number;
  is_member: boolean;
}

/** One page of the alphabetical list (see listCommunitiesSql). */
export async function listCommunities(
  db: Db,
  opts: ListCommunitiesOptions,
): Promise<CommunityListRow[]> {
  const rows = await queryRows<ListRowRaw>(db, listCommunitiesSql(opts));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    imageKey: r.image_key,
    thumbnailKey: r.thumbnail_key,
    memberCount: Number(r.member_count),
    isMember: Boolean(r.is_member),
  }));
}

export async function findCommunityById(db: Db, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db.select().from(communities).where(eq(communities.id, id)).limit(1);
  return row;
}

/** The series of a series' own community (issue 12). */
export interface CommunitySeries {
  id: string;
  title: string;
  kind: 'video' | 'manga' | 'sequence';
}

/**
 * The community, whether `viewerId` is a member and its series (if it is a series' own
 * community), in one statement (the page of a community).
 */
const communityForViewer = preparedFor((db) =>
  db
    .select({
      ...getTableColumns(communities),
      isMember: sql<boolean>`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${sql.placeholder('viewerId')})`,
      // The series whose own community this is (media.community_id is unique): one JSON object.
      // The outer column is written out: Drizzle renders a lone table's column unqualified
      // ("id"), which inside this subquery would name media's own id.
      series: sql<CommunitySeries | null>`(select json_build_object('id', sm.id, 'title', sm.title, 'kind', sm.kind) from media sm where sm.community_id = "communities"."id")`,
    })
    .from(communities)
    .where(eq(communities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('community_for_viewer'),
);

/** The community page's one statement (prepared: db/prepared.ts). */
export async function findCommunityForViewer(
  db: Db,
  id: string,
  viewerId: string,
): Promise<(CommunityRow & { isMember: boolean; series: CommunitySeries | null }) | undefined> {
  const [row] = await communityForViewer(db).execute({ id, viewerId });
  return row;
}

export async function isMember(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Inserts the membership row if the community exists and the row does not. True only
 * when a row was really inserted. One primary-key probe: O(1) whatever the size of the
 * community (nothing is copied; the following feed is a query over memberships).
 */
export async function insertMembership(
  db: Db,
  communityId: string,
  userId: string,
): Promise<boolean> {
  const rows = await queryRows<{ community_id: string }>(
    db,
    sql`insert into ${communityMembers} (community_id, user_id)
      select c.id, ${userId}::uuid from ${communities} c where c.id = ${communityId}::uuid
      on conflict do nothing
      returning community_id`,
  );
  return rows.length > 0;
}

/** Deletes the membership row; true only when there was one. */
export async function deleteMembership(
  db: Db,
  communityId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ userId: communityMembers.userId });
  return rows.length > 0;
}

/** Moves member_count by `delta` and answers the new count (undefined: no such community). */
export async function shiftMemberCount(
  db: Db,
  communityId: string,
  delta: 1 | -1,
): Promise<number | undefined> {
  const [row] = await db
    .update(communities)
    .set({ memberCount: sql`${communities.memberCount} + ${delta}` })
    .where(eq(communities.id, communityId))
    .returning({ n: communities.memberCount });
  return row?.n;
}

/** The member count (undefined: no such community). */
export async function memberCountOf(db: Db, communityId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ n: communities.memberCount })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row?.n;
}

/**
 * Serialises writers of one case-insensitive name until the transaction ends, so two
 * admins creating "Naruto" and "naruto" at once cannot both pass the uniqueness check.
 * (The table has no unique index on lower(name): see docs/communities.md.)
 */
export async function lockName(db: Db, name: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${'community-name:'}::text || lower(${name}::text), 0))`,
  );
}

/**
 * Another community with this name, compared case-insensitively. The exact-match
 * ILIKE lets the trigram index find candidates; lower() = lower() decides.
 */
export async function findByNameCi(
  db: Db,
  name: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select c.id from ${communities} c
      where c.name ilike ${escapeLike(name)} and lower(c.name) = lower(${name}::text)
      ${exceptId ? sql`and c.id <> ${exceptId}::uuid` : sql``}
      limit 1`,
  );
  return row;
}

export async function insertCommunity(
  db: Db,
  values: { name: string; about: string },
): Promise<CommunityRow> {
  const [row] = await db.insert(communities).values(values).returning();
  return row!;
}

export async function updateCommunity(
  db: Db,
  id: string,
  fields: { name?: string; about?: string },
): Promise<CommunityRow | undefined> {
  const [row] = await db.update(communities).set(fields).where(eq(communities.id, id)).returning();
  return row;
}

/**
 * Points the community's picture at new keys and answers the keys replaced. The row is
 * locked first, so two uploads racing each get the other's keys as the old ones.
 */
export async function replaceImageKeys(
  db: Db,
  id: string,
  keys: { imageKey: string; thumbnailKey: string },
): Promise<
  { row: CommunityRow; old: { imageKey: string | null; thumbnailKey: string | null } } | undefined
> {
  const [current] = await db
    .select({ imageKey: communities.imageKey, thumbnailKey: communities.thumbnailKey })
    .from(communities)
    .where(eq(communities.id, id))
    .for('update');
  if (!current) return undefined;
  const [row] = await db.update(communities).set(keys).where(eq(communities.id, id)).returning();
  return row ? { row, old: current } : undefined;
}
