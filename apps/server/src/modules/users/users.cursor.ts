/**
 * Keyset cursors over (created_at, id). The timestamp travels with microsecond
 * precision, as PostgreSQL stores it: a millisecond JS Date would skip rows
 * created within the same millisecond as the last row of a page.
 */
import { badRequest } from '../../lib/errors';
import { isId } from '../../lib/ids';

export interface Cursor {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** Undefined for no cursor; 400 `invalid_cursor` for anything we did not hand out. */
export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined) return undefined;
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length || !at || !AT.test(at) || Number.isNaN(Date.parse(at)) || !isId(id)) {
    throw badRequest(
      'invalid_cursor',
      'That page cursor is not valid. Start again from the first page.',
    );
  }
  return { at, id };
}
