/**
 * The one keyset-cursor codec. A cursor is opaque to clients: base64url of a JSON array whose
 * first item tags the kind of list (so a cursor of one list is refused by another) and whose
 * other items are the last row's sort key and id. Decoding validates every item with zod; a
 * value we did not hand out is 400 `validation_error` naming `cursor`, never a 500 and never a
 * value that reaches SQL unchecked.
 *
 * Timestamps travel as PostgreSQL's microsecond UTC text (`YYYY-MM-DDTHH:MM:SS.ffffffZ`, see
 * `cursorAt` in SQL): a JS Date keeps milliseconds only and would skip rows created within the
 * same millisecond as a page's last row.
 */
import { z } from 'zod';
import { isId } from './ids';
import { validationError } from './errors';

export const CURSOR_MESSAGE = 'That page cursor is not valid. Start again from the first page.';

/** 400 `validation_error` with the `cursor` field named. */
export const invalidCursor = () =>
  validationError([{ path: 'cursor', message: CURSOR_MESSAGE }], CURSOR_MESSAGE);

/** Longest encoded cursor accepted (a community name is at most a few hundred bytes). */
const MAX_CURSOR_LENGTH = 2048;

const MICROSECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A microsecond UTC timestamp as PostgreSQL prints it, of a real calendar date from year 1 on
 * (JS reads `2024-02-30` as March 1 and accepts year 0; PostgreSQL refuses both).
 */
export const cursorTimestamp = z
  .string()
  .regex(MICROSECOND_UTC)
  .refine((at) => {
    const ms = Date.parse(at);
    return (
      !Number.isNaN(ms) &&
      !at.startsWith('0000') &&
      new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19)
    );
  });
/** A row id (UUID). */
export const cursorId = z.string().refine((id) => isId(id));
/** A non-negative 32-bit counter (like counts). */
export const cursorCount = z.number().int().min(0).max(2_147_483_647);

export interface CursorCodec<T> {
  encode(value: T): string;
  /** Undefined for no cursor (absent or empty); throws `invalidCursor()` for anything else not ours. */
  decode(raw: string | undefined): T | undefined;
}

/**
 * A codec for one list's cursor: `wire` validates the JSON array (its first item a literal tag),
 * `read` turns a valid array into the value the repository takes, `write` the reverse.
 */
export function cursorCodec<T, W extends readonly unknown[]>(spec: {
  wire: z.ZodType<W>;
  read: (wire: W) => T;
  write: (value: T) => W;
}): CursorCodec<T> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(spec.write(value)), 'utf8').toString('base64url'),
    decode: (raw) => {
      if (raw === undefined || raw === '') return undefined;
      if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      const parsed = spec.wire.safeParse(json);
      if (!parsed.success) throw invalidCursor();
      return spec.read(parsed.data);
    },
  };
}

// ---- The lists' cursors ---------------------------------------------------------------------

/** Newest-first lists over `(created_at, id)`: followers, comments, blocks, reports. */
export interface Cursor {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  id: string;
}

export const timeCursor = cursorCodec({
  wire: z.tuple([z.literal('k'), cursorTimestamp, cursorId]),
  read: ([, at, id]): Cursor => ({ at, id }),
  write: (c: Cursor) => ['k', c.at, c.id] as const,
});

/** Post lists: `new` over `(created_at, id)`, `top` over `(like_count, created_at, id)`. */
export type PostSort = 'new' | 'top';
export type PostCursor =
  { sort: 'new'; at: string; id: string } | { sort: 'top'; likes: number; at: string; id: string };

const postCursorCodec = cursorCodec({
  wire: z.union([
    z.tuple([z.literal('n'), cursorTimestamp, cursorId]),
    z.tuple([z.literal('t'), cursorCount, cursorTimestamp, cursorId]),
  ]),
  read: (w): PostCursor =>
    w[0] === 'n'
      ? { sort: 'new', at: w[1], id: w[2] }
      : { sort: 'top', likes: w[1], at: w[2], id: w[3] },
  write: (c: PostCursor) =>
    c.sort === 'new' ? (['n', c.at, c.id] as const) : (['t', c.likes, c.at, c.id] as const),
});

export const postCursor = {
  encode: postCursorCodec.encode,
  /** A cursor of the other sort is refused like a forged one. */
  decode(raw: string | undefined, sort: PostSort): PostCursor | undefined {
    const cursor = postCursorCodec.decode(raw);
    if (cursor && cursor.sort !== sort) throw invalidCursor();
    return cursor;
  },
};

/**
 * The community list, ordered by `(lower(name) COLLATE "C", id)`. The cursor carries the last
 * row's name as stored (the database lower-cases it again, so JS and SQL never disagree on case
 * folding) and, for the followed-first list, which section the page ended in.
 */
export type CursorSection = 'followed' | 'rest';
export interface CommunityCursor {
  section: CursorSection;
  name: string;
  id: string;
}

export const communityCursor = cursorCodec({
  wire: z.tuple([z.enum(['f', 'r']), z.string().max(400), cursorId]),
  read: ([code, name, id]): CommunityCursor => ({
    section: code === 'f' ? 'followed' : 'rest',
    name,
    id,
  }),
  write: (c: CommunityCursor) => [c.section === 'followed' ? 'f' : 'r', c.name, c.id] as const,
});

/**
 * The media list, ordered by `(lower(title) COLLATE "C", id)` like the community list. The
 * cursor carries the last row's title as stored (the database lower-cases it again). Its own
 * tag, so a community cursor is refused here and the reverse.
 */
export interface MediaCursor {
  title: string;
  id: string;
}

export const mediaCursor = cursorCodec({
  wire: z.tuple([z.literal('m'), z.string().max(1000), cursorId]),
  read: ([, title, id]): MediaCursor => ({ title, id }),
  write: (c: MediaCursor) => ['m', c.title, c.id] as const,
});

/**
 * The shop list, newest first over `(created_at, id)`. Its own tag, so a cursor of another
 * newest-first list is refused here.
 */
export const shopItemCursor = cursorCodec({
  wire: z.tuple([z.literal('s'), cursorTimestamp, cursorId]),
  read: ([, at, id]): Cursor => ({ at, id }),
  write: (c: Cursor) => ['s', c.at, c.id] as const,
});
