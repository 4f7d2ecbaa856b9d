import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { assertValidKey, normalizePrefix } from './keys';
import type { ByteRange, Storage, StoredObjectInfo } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, ...); AWS when unset. */
  endpoint?: string;
  region: string;
  /** When unset, the SDK's default credential chain (env, instance role, ...) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Keys listed (and deleted) per round in deletePrefix; S3 allows at most 1000. */
  listPageSize?: number;
}

/**
 * Objects in one S3 bucket, keys used as given (no extra prefix).
 * Streams passed to `put` should come with `opts.size`: S3 needs the length
 * up front, so without it the stream is read into memory first.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;

  constructor(opts: S3StorageOptions, client?: S3Client) {
    this.bucket = opts.bucket;
    this.listPageSize = Math.min(Math.max(opts.listPageSize ?? 1000, 1), 1000);
    this.client =
      client ??
      new S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        credentials:
          opts.accessKeyId && opts.secretAccessKey
            ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
            : undefined,
        // Newer SDKs add CRC checksums with aws-chunked trailers by default,
        // which many S3-compatible servers refuse. Only when an API requires it.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  async put(
    key: string,
    body: Buffer | Readable,
    opts: { contentType: string; size?: number },
  ): Promise<StoredObjectInfo> {
    assertValidKey(key);
    let payload: Buffer | Readable = body;
    let size = opts.size;
    if (Buffer.isBuffer(body)) {
      if (size !== undefined && size !== body.length) {
        throw new Error(`Storage put ${key}: expected ${size} bytes, got ${body.length}`);
      }
      size = body.length;
    } else if (size === undefined) {
      payload = await streamToBuffer(body);
      size = payload.length;
    }
    const res = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: payload,
        ContentType: opts.contentType,
        ContentLength: size,
      }),
    );
    return {
      key,
      size,
      contentType: opts.contentType,
      etag: res.ETag ?? (await this.head(key))?.etag ?? '""',
      lastModified: new Date(),
    };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? 'application/octet-stream',
        etag: res.ETag ?? '""',
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(
    key: string,
    range?: ByteRange,
  ): Promise<{ info: StoredObjectInfo; body: Readable } | null> {
    assertValidKey(key);
    if (range && (range.start < 0 || range.start > range.end)) {
      throw new RangeError(`Range ${range.start}-${range.end} is not valid`);
    }
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // With a range, ContentLength is the slice; the full size is after the slash of Content-Range.
      const served = parseContentRange(res.ContentRange);
      const size = served?.total ?? res.ContentLength ?? 0;
      let body = res.Body as Readable;
      if (range) {
        // Some S3-compatible servers widen or ignore a range (s3rver reads `bytes=0-0` as `0-`).
        // Callers rely on exact bytes, so cut the stream to what was asked.
        const wantEnd = Math.min(range.end, size - 1);
        const start = served?.start ?? 0;
        const end = served?.end ?? size - 1;
        if (start > range.start || end < wantEnd) {
          body.destroy();
          throw new Error(
            `S3 answered bytes ${start}-${end} for ${range.start}-${wantEnd} of ${key}`,
          );
        }
        if (start !== range.start || end !== wantEnd) {
          body = sliceStream(body, range.start - start, wantEnd - range.start + 1);
        }
      }
      return {
        info: {
          key,
          size,
          contentType: res.ContentType ?? 'application/octet-stream',
          etag: res.ETag ?? '""',
          lastModified: res.LastModified ?? new Date(0),
        },
        body,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      if (httpStatus(err) === 416) {
        throw new RangeError(`Range ${range?.start}-${range?.end} is outside ${key}`);
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = normalizePrefix(prefix);
    let deleted = 0;
    // Each round deletes the first page it lists, so the next round lists from the start again.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder,
          MaxKeys: this.listPageSize,
        }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length === 0) break;
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: false },
        }),
      );
      if (res.Errors && res.Errors.length > 0) {
        const first = res.Errors[0];
        throw new Error(
          `Could not delete ${res.Errors.length} object(s) under ${folder}: ${first?.Code} ${first?.Message}`,
        );
      }
      const done = res.Deleted?.length ?? keys.length;
      // A backend that reports success but deletes nothing would otherwise loop forever.
      if (done === 0) throw new Error(`Deleting under ${folder} made no progress`);
      deleted += done;
      if (!page.IsTruncated) break;
    }
    return deleted;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || httpStatus(err) === 404;
}

function parseContentRange(
  header: string | undefined,
): { start: number; end: number; total: number } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim()) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : null;
}

/** Skips `skip` bytes, passes `take` bytes, then ends and releases the source. */
function sliceStream(source: Readable, skip: number, take: number): Readable {
  let toSkip = skip;
  let remaining = take;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (remaining === 0) return cb();
      let part = chunk;
      if (toSkip > 0) {
        const n = Math.min(toSkip, part.length);
        part = part.subarray(n);
        toSkip -= n;
      }
      if (part.length > 0) {
        const kept = part.subarray(0, remaining);
        remaining -= kept.length;
        this.push(kept);
      }
      if (remaining === 0) {
        this.push(null);
        source.unpipe(out);
        source.destroy();
      }
      cb();
    },
  });
  source.on('error', (err) => out.destroy(err));
  source.pipe(out);
  return out;
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
