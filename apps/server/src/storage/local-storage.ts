import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, normalizePrefix } from './keys';
import type { ByteRange, Storage, StoredObjectInfo } from './storage';

/** What the sidecar file next to each object records. */
interface ObjectMeta {
  contentType: string;
  etag: string;
  size: number;
  lastModified: string;
}

/**
 * Files on local disk under `root`:
 * - `root/<key>`: the bytes;
 * - `root/.meta/<key>.json`: content type, ETag (quoted MD5, as S3 gives), size;
 * - `root/.tmp/`: uploads in progress, renamed into place when complete.
 *
 * An object exists once its sidecar exists: bytes are renamed into place
 * first, the sidecar last, so a reader never sees half an object. Keys never
 * start with a dot (see keys.ts), so `.meta` and `.tmp` cannot collide with them.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly metaRoot: string;
  private readonly tmpRoot: string;

  constructor(private readonly root: string) {
    this.root = path.resolve(root);
    this.metaRoot = path.join(this.root, '.meta');
    this.tmpRoot = path.join(this.root, '.tmp');
  }

  async put(
    key: string,
    body: Buffer | Readable,
    opts: { contentType: string; size?: number },
  ): Promise<StoredObjectInfo> {
    assertValidKey(key);
    const dataPath = this.dataPath(key);
    const metaPath = this.metaPath(key);
    await mkdir(this.tmpRoot, { recursive: true });
    const tmpData = path.join(this.tmpRoot, randomUUID());
    const tmpMeta = `${tmpData}.json`;
    try {
      const hash = createHash('md5');
      let size = 0;
      if (Buffer.isBuffer(body)) {
        hash.update(body);
        size = body.length;
        await writeFile(tmpData, body);
      } else {
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            hash.update(chunk);
            size += chunk.length;
            cb(null, chunk);
          },
        });
        await pipeline(body, counter, createWriteStream(tmpData));
      }
      if (opts.size !== undefined && opts.size !== size) {
        throw new Error(`Storage put ${key}: expected ${opts.size} bytes, got ${size}`);
      }
      const meta: ObjectMeta = {
        contentType: opts.contentType,
        etag: `"${hash.digest('hex')}"`,
        size,
        lastModified: new Date().toISOString(),
      };
      await writeFile(tmpMeta, JSON.stringify(meta));
      await mkdir(path.dirname(dataPath), { recursive: true });
      await mkdir(path.dirname(metaPath), { recursive: true });
      await rename(tmpData, dataPath);
      await rename(tmpMeta, metaPath);
      return toInfo(key, meta);
    } finally {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    const meta = await this.readMeta(key);
    return meta ? toInfo(key, meta) : null;
  }

  async get(
    key: string,
    range?: ByteRange,
  ): Promise<{ info: StoredObjectInfo; body: Readable } | null> {
    assertValidKey(key);
    const meta = await this.readMeta(key);
    if (!meta) return null;
    // Open first, so a file deleted after the sidecar was read is a clean null, not a stream error.
    let handle;
    try {
      handle = await open(this.dataPath(key), 'r');
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    const info = toInfo(key, meta);
    if (info.size === 0 && !range) {
      await handle.close();
      return { info, body: Readable.from([]) };
    }
    let start = 0;
    let end = info.size - 1;
    if (range) {
      if (range.start < 0 || range.start > range.end || range.start >= info.size) {
        await handle.close();
        throw new RangeError(
          `Range ${range.start}-${range.end} is outside ${key} (${info.size} bytes)`,
        );
      }
      start = range.start;
      end = Math.min(range.end, info.size - 1);
    }
    const body = createReadStream('', { fd: handle, start, end, autoClose: true });
    return { info, body };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // Sidecar first: the object disappears before its bytes do.
    await rm(this.metaPath(key), { force: true });
    await rm(this.dataPath(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = normalizePrefix(prefix);
    const dataDir = this.dataPath(folder.slice(0, -1));
    const metaDir = path.join(this.metaRoot, ...folder.slice(0, -1).split('/'));
    let count = 0;
    try {
      const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
      count = entries.filter((e) => e.isFile()).length;
    } catch (err) {
      if (!isNotFound(err) && !isNotDirectory(err)) throw err;
      return 0;
    }
    await rm(metaDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
    return count;
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const s = await stat(this.root);
    if (!s.isDirectory()) throw new Error(`Storage root ${this.root} is not a directory`);
    // Writable? A probe file in .tmp proves it without touching any object.
    const probe = path.join(this.tmpRoot, `ping-${randomUUID()}`);
    await mkdir(this.tmpRoot, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }

  private dataPath(key: string): string {
    return this.inside(this.root, path.join(this.root, ...key.split('/')));
  }

  private metaPath(key: string): string {
    return this.inside(this.metaRoot, `${path.join(this.metaRoot, ...key.split('/'))}.json`);
  }

  /** Defence in depth behind key validation: the path must stay under its root. */
  private inside(base: string, target: string): string {
    const rel = path.relative(base, target);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel))
      throw new Error(`Path escapes storage root: ${target}`);
    return target;
  }

  private async readMeta(key: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as ObjectMeta;
    } catch (err) {
      if (isNotFound(err) || isNotDirectory(err)) return null;
      throw err;
    }
  }
}

function toInfo(key: string, meta: ObjectMeta): StoredObjectInfo {
  return {
    key,
    size: meta.size,
    contentType: meta.contentType,
    etag: meta.etag,
    lastModified: new Date(meta.lastModified),
  };
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}

function isNotDirectory(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOTDIR';
}
