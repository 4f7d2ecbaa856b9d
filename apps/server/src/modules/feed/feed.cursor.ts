/**
 * Keyset cursors of post pages: the last row's sort key and id, opaque to clients
 * (base64url). `new` pages: `n|<created_at>|<id>`; `top` pages: `t|<like_count>|<created_at>|<id>`.
 * The timestamp keeps PostgreSQL's microseconds (a JS Date has milliseconds only and
 * would skip rows created within the same millisecond as a page's last row).
 */
import type { ListFeedQuery } from '@otakura/shared';
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/ids';

export type FeedSort = ListFeedQuery['sort'];

export type PostCursor =
  { sort: 'new'; at: string; id: string } | { sort: 'top'; likes: number; at: string; id: string };

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: PostCursor): string {
  const text =
    cursor.sort === 'new'
      ? `n|${cursor.at}|${cursor.id}`
      : `t|${cursor.likes}|${cursor.at}|${cursor.id}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

const invalid = () =>
  badRequest('invalid_cursor', 'That page cursor is not valid. Start again from the first page.');

/** Undefined without a cursor; 400 `invalid_cursor` for anything we did not hand out for this sort. */
export function decodeCursor(value: string | undefined, sort: FeedSort): PostCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const validAt = (at: string | undefined): at is string =>
    !!at && AT.test(at) && !Number.isNaN(Date.parse(at));
  if (sort === 'new') {
    const [tag, at, id, ...rest] = parts;
    if (tag !== 'n' || rest.length || !validAt(at) || !isId(id)) throw invalid();
    return { sort, at, id };
  }
  const [tag, likes, at, id, ...rest] = parts;
  const count = Number(likes);
  if (
    tag !== 't' ||
    rest.length ||
    !/^\d{1,10}$/.test(likes ?? '') ||
    count > 2_147_483_647 ||
    !validAt(at) ||
    !isId(id)
  ) {
    throw invalid();
  }
  return { sort, likes: count, at, id };
}
