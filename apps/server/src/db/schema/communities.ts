/** Communities ("Anime-Sub") and their members (followers, spec §3). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn } from './columns';

export const communities = pgTable(
  'communities',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Optional URL-friendly name. */
    slug: text('slug').unique('communities_slug_unique'),
    about: text('about').notNull().default(''),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    /** = count(community_members). */
    memberCount: counterColumn('member_count'),
    /** = count(posts) in the community (not soft-deleted). */
    postCount: counterColumn('post_count'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('communities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The alphabetical list without a query reads this index in order (BENCHMARKS.md).
    index('communities_name_lower_idx').on(sql`lower(${t.name}) collate "C"`, t.id),
    index('communities_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('communities_members_idx').on(
      t.memberCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('communities_member_count_nonneg', sql`${t.memberCount} >= 0`),
    check('communities_post_count_nonneg', sql`${t.postCount} >= 0`),
  ],
);

/** A user following (joining) a community. Following is one row: the feed is a query. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'community_members_pk', columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId, t.communityId),
  ],
);
