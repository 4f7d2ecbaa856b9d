/**
 * Storage keys are slash-separated relative paths built by the server
 * (`post-images/{uid}/{uuid}-640.webp`). Both drivers and the files route
 * refuse anything else, so a key can never climb out of the storage root
 * or name a hidden or temporary file.
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

/** True for keys made of safe segments: no `..`, no backslash, not absolute, no empty or hidden segment. */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (key.includes('..')) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

/** A prefix names a folder: valid key segments, compared with a trailing slash so `u1` never matches `u10`. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (!isValidKey(trimmed)) throw new InvalidKeyError(prefix);
  return `${trimmed}/`;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidKeyError';
  }
}
