/**
 * Post lists: the feed (following | all, new | top), a community's posts and a
 * user's posts. Keyset pages: each page asks for one row more than it shows, and
 * the cursor is the last shown row's sort key and id.
 */
import type { ListFeedQuery, ListPostsQuery, PostPage } from '@otakura/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { postCursor, type PostSort } from '../../lib/cursor';
import { hasBlocked } from '../settings/settings.service';
import * as repo from './feed.repository';
import { toPost } from './posts.mapper';
import { communityExists, findImages } from './posts.repository';

async function page(
  db: Db,
  viewerId: string,
  source: repo.FeedSource,
  query: { sort: PostSort; cursor?: string; limit: number },
): Promise<PostPage> {
  const cursor = postCursor.decode(query.cursor, query.sort);
  const rows = await repo.listPostRows(db, viewerId, source, query.sort, cursor, query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const images = await findImages(
    db,
    // A post the spoiler shield covers for this viewer needs none: its images are not sent.
    shown.filter((r) => (r.type === 1 || r.type === 4) && !r.spoilerCovered).map((r) => r.id),
  );
  const last = shown[shown.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? postCursor.encode(
          query.sort === 'new'
            ? { sort: 'new', at: last.cursorAt, id: last.id }
            : { sort: 'top', likes: last.likeCount, at: last.cursorAt, id: last.id },
        )
      : null;
  return { items: shown.map((r) => toPost(r, images.get(r.id))), nextCursor };
}

/** Whether the query's cursor decodes (a bad one must not answer before the 404 checks). */
function cursorReads(query: { sort: PostSort; cursor?: string }): boolean {
  try {
    postCursor.decode(query.cursor, query.sort);
    return true;
  } catch {
    return false;
  }
}

/**
 * The feed of `viewerId`. `following`: posts of the communities they are a member of,
 * of the users they follow, and their own; `all`: every visible post.
 */
export async function listFeed(db: Db, viewerId: string, query: ListFeedQuery): Promise<PostPage> {
  if (query.tab === 'all') return page(db, viewerId, { kind: 'all' }, query);
  // One statement: the followed sources are read by the page query itself.
  return page(db, viewerId, { kind: 'following' }, query);
}

/** A community's posts; 404 `community_not_found` for an unknown id. */
export async function listCommunityPosts(
  db: Db,
  viewerId: string,
  communityId: string,
  query: ListPostsQuery,
): Promise<PostPage> {
  if (!isId(communityId)) throw notFound('community_not_found');
  const source = { kind: 'community', communityId } as const;
  // A page with posts proves the community exists (posts reference it): one statement. Only an
  // empty page (or a bad cursor, which an unknown community answers with 404) asks whether the
  // community is there; an empty page of a community that is, is the answer.
  const first = cursorReads(query) ? await page(db, viewerId, source, query) : undefined;
  if (first?.items.length) return first;
  if (!(await communityExists(db, communityId))) throw notFound('community_not_found');
  return first ?? page(db, viewerId, source, query);
}

/** A user's posts; 404 `user_not_found` for an unknown, banned or system user. */
export async function listUserPosts(
  db: Db,
  viewerId: string,
  userId: string,
  query: ListPostsQuery,
): Promise<PostPage> {
  if (!isId(userId)) throw notFound('user_not_found');
  const source = { kind: 'user', userId } as const;
  // The page query itself checks that the user may be listed and is not blocked by the viewer
  // (feed.repository): a page with posts is the answer in one statement. An empty one (or a bad
  // cursor) goes through the checks one by one, in the order that decides the answer; the
  // page is read again only after a bad cursor (to answer its error).
  const first = cursorReads(query) ? await page(db, viewerId, source, query) : undefined;
  if (first?.items.length) return first;
  if (!(await repo.userListable(db, userId))) throw notFound('user_not_found');
  // The posts of someone the viewer blocked are hidden from the viewer everywhere.
  if (await hasBlocked(db, viewerId, userId)) return { items: [], nextCursor: null };
  return first ?? page(db, viewerId, source, query);
}
