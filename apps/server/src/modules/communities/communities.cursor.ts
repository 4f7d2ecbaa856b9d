/**
 * Keyset cursors of the community list, ordered by (lower(name) COLLATE "C", id).
 * The cursor carries the last row's name as stored (the database lower-cases it
 * again, so JS and SQL never disagree on case folding) and, for the
 * followed-first list, which section the page ended in.
 */
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/ids';

/** `followed`: the caller's communities (followed-first lists only); `rest`: everything else, or all. */
export type CursorSection = 'followed' | 'rest';

export interface CommunityCursor {
  section: CursorSection;
  name: string;
  id: string;
}

const SECTION_CODES: Record<CursorSection, string> = { followed: 'f', rest: 'r' };

export function encodeCursor(cursor: CommunityCursor): string {
  return Buffer.from(
    JSON.stringify([SECTION_CODES[cursor.section], cursor.name, cursor.id]),
    'utf8',
  ).toString('base64url');
}

const invalidCursor = () =>
  badRequest('invalid_cursor', 'That page cursor is not valid. Start again from the first page.');

/** Undefined for no cursor; 400 `invalid_cursor` for anything we did not hand out. */
export function decodeCursor(value: string | undefined): CommunityCursor | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [code, name, id] = parsed as unknown[];
  const section = code === 'f' ? 'followed' : code === 'r' ? 'rest' : undefined;
  if (!section || typeof name !== 'string' || name.length > 400 || !isId(id)) throw invalidCursor();
  return { section, name, id };
}
