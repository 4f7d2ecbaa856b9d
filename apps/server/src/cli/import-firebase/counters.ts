/**
 * Counters of the imported rows recomputed from the rows (the first build's Likes, Comments
 * and Views numbers are not trusted: DESIGN.md keeps every counter equal to its rows). Only
 * rows the import brought in are looked at, and only a counter that differs is written, so a
 * second run writes nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** `local_id` of the rows an import brought in from these collections. */
const imported = (...collections: string[]) =>
  sql`select r.local_id from import_records r where r.collection in (${sql.join(
    collections.map((c) => sql`${c}`),
    sql`, `,
  )})`;

interface CounterCheck {
  table: string;
  column: string;
  actual: SQL;
  collections: string[];
}

const CHECKS: CounterCheck[] = [
  {
    table: 'users',
    column: 'follower_count',
    actual: sql`(select count(*) from user_follows f where f.followee_id = t.id)::int`,
    collections: ['users'],
  },
  {
    table: 'users',
    column: 'following_count',
    actual: sql`(select count(*) from user_follows f where f.follower_id = t.id)::int`,
    collections: ['users'],
  },
  {
    table: 'users',
    column: 'post_count',
    actual: sql`(select count(*) from posts p where p.user_id = t.id and p.deleted_at is null)::int`,
    collections: ['users'],
  },
  {
    table: 'communities',
    column: 'member_count',
    actual: sql`(select count(*) from community_members m where m.community_id = t.id)::int`,
    collections: ['anime-communities'],
  },
  {
    table: 'communities',
    column: 'post_count',
    actual: sql`(select count(*) from posts p where p.community_id = t.id and p.deleted_at is null)::int`,
    collections: ['anime-communities'],
  },
  {
    table: 'posts',
    column: 'like_count',
    actual: sql`(select count(*) from post_likes l where l.post_id = t.id)::int`,
    collections: ['the-posts'],
  },
  {
    table: 'posts',
    column: 'comment_count',
    actual: sql`(select count(*) from comments c where c.post_id = t.id)::int`,
    collections: ['the-posts'],
  },
  {
    table: 'comments',
    column: 'like_count',
    actual: sql`(select count(*) from comment_likes l where l.comment_id = t.id)::int`,
    collections: ['comments', 'media-comments'],
  },
  {
    table: 'media',
    column: 'like_count',
    actual: sql`(select count(*) from media_likes l where l.media_id = t.id)::int`,
    collections: ['the-media-posts'],
  },
  {
    table: 'media',
    column: 'comment_count',
    actual: sql`(select count(*) from comments c where c.media_id = t.id)::int`,
    collections: ['the-media-posts'],
  },
  {
    table: 'media',
    column: 'view_count',
    actual: sql`(select count(*) from media_views v where v.media_id = t.id)::int`,
    collections: ['the-media-posts'],
  },
  {
    table: 'shop_items',
    column: 'like_count',
    actual: sql`(select count(*) from shop_likes l where l.item_id = t.id)::int`,
    collections: ['the-shop-posts'],
  },
];

/** Sets every counter of the imported rows to the count of its rows; answers how many changed. */
export async function recomputeCounters(db: Db): Promise<number> {
  let changed = 0;
  for (const c of CHECKS) {
    const table = sql.identifier(c.table);
    const column = sql.identifier(c.column);
    // Compared as text: import_records also holds composite keys that are not uuids.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update ${table} as u set ${column} = x.n
          from (select t.id, ${c.actual} as n from ${table} t
                where t.id::text in (${imported(...c.collections)})) x
          where u.id = x.id and u.${column} <> x.n
          returning u.id`,
    );
    changed += rows.length;
  }
  return changed;
}
