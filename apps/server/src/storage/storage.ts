import type { Readable } from 'node:stream';

/** What is known about a stored object. */
export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** Strong validator for conditional requests. */
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  /** Inclusive start offset. */
  start: number;
  /** Inclusive end offset. */
  end: number;
}

/**
 * Where files live. Keys are slash-separated paths such as
 * `post-images/{uid}/{id}.webp` (spec §7 layout); never absolute, never `..`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(
    key: string,
    body: Buffer | Readable,
    opts: { contentType: string; size?: number },
  ): Promise<StoredObjectInfo>;
  /** Null when the key does not exist. */
  head(key: string): Promise<StoredObjectInfo | null>;
  /** Null when the key does not exist. With a range, only those bytes. */
  get(key: string, range?: ByteRange): Promise<{ info: StoredObjectInfo; body: Readable } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix (used when an account is deleted). */
  deletePrefix(prefix: string): Promise<number>;
  /** Throws when the backend is unreachable (used by /api/health). */
  ping(): Promise<void>;
}
