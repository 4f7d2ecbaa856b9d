import { v7 as uuidv7, validate as uuidValidate } from 'uuid';

/**
 * A new opaque id: a UUIDv7 (time-ordered, so B-tree inserts stay local, yet not guessable
 * as a sequence). Every table's id is generated here, in the app, never by a database serial.
 */
export function newId(): string {
  return uuidv7();
}

/** True when `value` is a syntactically valid UUID (any version), e.g. to 404 early on a bad id. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && uuidValidate(value);
}

/** The fixed system account (spec §4); the row is seeded by a migration. */
export { SYSTEM_USER_ID } from '@otakura/shared';
