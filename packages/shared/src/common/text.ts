import { z } from 'zod';

/** What a request hears when a text field holds a character that cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that cannot be saved (U+0000 or an unpaired surrogate).';

// A lone UTF-16 surrogate is its own code point only in a unicode-mode regex.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `s` can be stored as text: no U+0000 (PostgreSQL refuses it in `text`) and no
 * unpaired UTF-16 surrogate (it has no UTF-8 form; the driver would silently store U+FFFD).
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * The one rule for free text that a request carries: a string refusing U+0000 and lone
 * surrogates (400 `validation_error` naming the field), then any further checks
 * (`safeText().trim().min(1).max(80)`). Every free-text field of the shared input schemas
 * is built on it, so no such character reaches the database.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
}

export { groupThousands } from './numbers';
