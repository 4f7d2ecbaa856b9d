/**
 * Reading the first build's Realtime Database export (spec §3 and §7): the JSON file, its
 * collections, and the loose values a schemaless database holds (numbers as strings, flags as
 * 0/1 or booleans, lists as objects keyed by push ids or as arrays with holes).
 */
import { stat, readFile } from 'node:fs/promises';
import { ImportError } from './report';

/**
 * Exports larger than this are refused: JSON.parse holds the whole text and its objects in
 * memory (about 3× the file). The console's export of a Realtime Database is one JSON
 * document; the first build's data is far below this (docs/import-firebase.md).
 */
export const EXPORT_MAX_BYTES = 256 * 1024 * 1024;

/** The collections read, in the order they are imported (references point backwards). */
export const COLLECTIONS = [
  'users',
  'anime-communities',
  'the-media-posts',
  'media-pages',
  'media-keywords',
  'the-posts',
  'user-posts',
  'comments',
  'media-comments',
  'user-following',
  'user-followers',
  'anime-followers',
  'post-like',
  'comment-like',
  'media-comment-like',
  'media-like',
  'the-shop-posts',
  'shop-like',
  'reported-comments',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** Paths of the first build that hold nothing to bring: feeds are queries here (DESIGN.md). */
export const DERIVED_COLLECTIONS: Record<string, string> = {
  'user-feed': 'a copy of posts into each follower’s feed; the following feed is a query here',
  'anime-feed': 'a copy of each community’s posts; a community’s page is a query here',
};

export type FirebaseExport = Partial<Record<string, unknown>>;

/** Reads and parses the export; a missing, oversized or malformed file is an ImportError. */
export async function readExport(file: string): Promise<FirebaseExport> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new ImportError(`${file} is not a file.`);
    size = info.size;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(`Cannot read the export ${file}: ${(err as Error).message}`);
  }
  if (size > EXPORT_MAX_BYTES) {
    throw new ImportError(
      `The export is ${(size / 1024 / 1024).toFixed(0)} MB; at most ${EXPORT_MAX_BYTES / 1024 / 1024} MB is read at once. ` +
        'Export the large collections separately (the console exports any path) and import them one after the other.',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ImportError(`The export ${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (!isObject(parsed)) throw new ImportError('The export must be a JSON object of collections.');
  return parsed;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The children of a node as [key, value] pairs: an object's own keys, or an array's indexes
 * (the Realtime Database exports keys 0..n as an array, with null for the missing ones).
 */
export function children(node: unknown): Array<[string, unknown]> {
  if (Array.isArray(node))
    return node.flatMap((v, i) => (v === null || v === undefined ? [] : [[String(i), v]]));
  if (isObject(node)) return Object.entries(node);
  return [];
}

/** A trimmed non-empty string (numbers are accepted as their text), else null. */
export function str(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}

/** A finite number (numeric strings included), else null. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** The 0/1 flags of the first build (spec §5), booleans, and "true"/"1" strings. */
export function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

/** Whether a relation value means "set" (RTDB writes 1 or true, and null to remove). */
export function isSet(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false && value !== 0 && value !== '0';
}

/**
 * A date of the first build: epoch seconds (comments, reports: spec §3), epoch milliseconds
 * (posts written with Date.now()), or a date string. Null when none of these.
 */
export function date(value: unknown): Date | null {
  const n = num(value);
  if (n !== null) {
    if (n <= 0) return null;
    // Below 1e11 it cannot be milliseconds (that would be March 1973): seconds.
    const d = new Date(n < 1e11 ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value === 'string') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** Money as integer cents from a number of dollars or a text like "$12.50" / "12,50". */
export function cents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  if (typeof value !== 'string') return null;
  const cleaned = value
    .trim()
    .replace(/^[$€£¥]\s*/, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
