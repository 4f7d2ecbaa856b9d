import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { isValidKey } from './keys';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { startLocalS3, type LocalS3 } from './s3rver.test-helper';
import type { Storage } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** One behavioural contract; every driver must pass all of it. */
interface DriverHarness {
  name: string;
  setup(): Promise<{ storage: Storage; teardown(): Promise<void> }>;
}

const drivers: DriverHarness[] = [
  {
    name: 'local',
    async setup() {
      const dir = mkdtempSync(path.join(tmpdir(), 'otakura-storage-'));
      return {
        storage: new LocalStorage(dir),
        teardown: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async setup() {
      const s3 = await startLocalS3();
      return { storage: new S3Storage(s3.options), teardown: () => s3.close() };
    },
  },
];

describe.each(drivers)('$name storage driver', (driver) => {
  let storage: Storage;
  let teardown: () => Promise<void>;
  const text = Buffer.from('0123456789abcdefghij'); // 20 bytes

  beforeAll(async () => {
    ({ storage, teardown } = await driver.setup());
  });
  afterAll(async () => {
    await teardown();
  });

  it('reports its kind', () => {
    expect(storage.kind).toBe(driver.name);
  });

  it('stores a buffer and gives back its bytes, type, size and a quoted ETag', async () => {
    const info = await storage.put('post-images/u1/a.webp', text, { contentType: 'image/webp' });
    expect(info).toMatchObject({
      key: 'post-images/u1/a.webp',
      size: 20,
      contentType: 'image/webp',
    });
    expect(info.etag).toMatch(/^"[^"]+"$/);

    const head = await storage.head('post-images/u1/a.webp');
    expect(head).toMatchObject({
      key: 'post-images/u1/a.webp',
      size: 20,
      contentType: 'image/webp',
      etag: info.etag,
    });
    expect(head!.lastModified).toBeInstanceOf(Date);

    const got = await storage.get('post-images/u1/a.webp');
    expect(got!.info).toMatchObject({ size: 20, contentType: 'image/webp', etag: info.etag });
    expect((await readAll(got!.body)).toString()).toBe(text.toString());
  });

  it('gives the same ETag for the same bytes and another for different bytes', async () => {
    const a = await storage.put('etag/x/one.bin', Buffer.from('same'), {
      contentType: 'application/octet-stream',
    });
    const b = await storage.put('etag/x/two.bin', Buffer.from('same'), {
      contentType: 'application/octet-stream',
    });
    const c = await storage.put('etag/x/three.bin', Buffer.from('different'), {
      contentType: 'application/octet-stream',
    });
    expect(a.etag).toBe(b.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  it('stores a stream with and without a declared size', async () => {
    const big = Buffer.alloc(300_000, 7);
    await storage.put(
      'post-videos/u1/v.mp4',
      Readable.from([big.subarray(0, 100_000), big.subarray(100_000)]),
      {
        contentType: 'video/mp4',
        size: big.length,
      },
    );
    await storage.put(
      'post-videos/u1/w.mp4',
      Readable.from([Buffer.from('no '), Buffer.from('size')]),
      {
        contentType: 'video/mp4',
      },
    );
    const v = await storage.get('post-videos/u1/v.mp4');
    expect((await readAll(v!.body)).equals(big)).toBe(true);
    const w = await storage.get('post-videos/u1/w.mp4');
    expect((await readAll(w!.body)).toString()).toBe('no size');
    expect(w!.info.size).toBe(7);
  });

  it('returns only the requested inclusive byte range, with the full size in info', async () => {
    await storage.put('ranges/u1/r.bin', text, { contentType: 'application/octet-stream' });
    const mid = await storage.get('ranges/u1/r.bin', { start: 2, end: 5 });
    expect((await readAll(mid!.body)).toString()).toBe('2345');
    expect(mid!.info.size).toBe(20);
    const tail = await storage.get('ranges/u1/r.bin', { start: 15, end: 19 });
    expect((await readAll(tail!.body)).toString()).toBe('fghij');
    const first = await storage.get('ranges/u1/r.bin', { start: 0, end: 0 });
    expect((await readAll(first!.body)).toString()).toBe('0');
  });

  it('clamps a range that runs past the end', async () => {
    await storage.put('ranges/u1/clamp.bin', text, { contentType: 'application/octet-stream' });
    const got = await storage.get('ranges/u1/clamp.bin', { start: 18, end: 1000 });
    expect((await readAll(got!.body)).toString()).toBe('ij');
  });

  it('refuses a range that starts past the end', async () => {
    await storage.put('ranges/u1/past.bin', text, { contentType: 'application/octet-stream' });
    await expect(storage.get('ranges/u1/past.bin', { start: 20, end: 30 })).rejects.toThrow(
      RangeError,
    );
  });

  it('answers null for a missing key', async () => {
    expect(await storage.head('post-images/u1/missing.webp')).toBeNull();
    expect(await storage.get('post-images/u1/missing.webp')).toBeNull();
    expect(await storage.get('post-images/u1/missing.webp', { start: 0, end: 1 })).toBeNull();
  });

  it('deletes a key, and deleting a missing key is not an error', async () => {
    await storage.put('del/u1/d.webp', text, { contentType: 'image/webp' });
    await storage.delete('del/u1/d.webp');
    expect(await storage.head('del/u1/d.webp')).toBeNull();
    expect(await storage.get('del/u1/d.webp')).toBeNull();
    await expect(storage.delete('del/u1/d.webp')).resolves.toBeUndefined();
  });

  it('deletes everything under a folder prefix and nothing in a sibling whose name merely starts the same', async () => {
    const keys = ['wipe/u1/a.webp', 'wipe/u1/b.webp', 'wipe/u1/nested/c.webp'];
    for (const k of keys) await storage.put(k, text, { contentType: 'image/webp' });
    await storage.put('wipe/u10/keep.webp', text, { contentType: 'image/webp' });
    await storage.put('wipe/u1.webp', text, { contentType: 'image/webp' });

    expect(await storage.deletePrefix('wipe/u1')).toBe(3);
    for (const k of keys) expect(await storage.head(k)).toBeNull();
    expect(await storage.head('wipe/u10/keep.webp')).not.toBeNull();
    expect(await storage.head('wipe/u1.webp')).not.toBeNull();
    expect(await storage.deletePrefix('wipe/u1/')).toBe(0);
    expect(await storage.deletePrefix('nothing/here')).toBe(0);
  });

  it('deletes many keys under a prefix', async () => {
    const n = 25;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        storage.put(`many/u1/${i}.bin`, Buffer.from([i]), {
          contentType: 'application/octet-stream',
        }),
      ),
    );
    expect(await storage.deletePrefix('many/u1')).toBe(n);
    expect(await storage.head('many/u1/0.bin')).toBeNull();
  });

  it('refuses an empty prefix rather than wiping the whole store', async () => {
    await expect(storage.deletePrefix('')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('/')).rejects.toThrow(/Invalid storage key/);
  });

  it.each([
    '../escape.txt',
    'a/../../b',
    '/etc/passwd',
    'a\\b',
    '.meta/x.json',
    'a//b',
    '',
    'a/./b',
    'a/',
  ])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, text, { contentType: 'text/plain' })).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.head(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
  });

  it('pings a reachable backend', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});

describe('local storage on disk', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'otakura-local-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the bytes at root/<key> and leaves no temp files behind', async () => {
    const storage = new LocalStorage(dir);
    await storage.put('user-profile-images/u1/p.webp', Buffer.from('pic'), {
      contentType: 'image/webp',
    });
    expect(readFileSync(path.join(dir, 'user-profile-images', 'u1', 'p.webp'), 'utf8')).toBe('pic');
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('stores nothing when the body stream fails part-way', async () => {
    const storage = new LocalStorage(dir);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('post-videos/u1/broken.mp4', failing, { contentType: 'video/mp4' }),
    ).rejects.toThrow('client went away');
    expect(await storage.head('post-videos/u1/broken.mp4')).toBeNull();
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses a body whose length differs from the declared size', async () => {
    const storage = new LocalStorage(dir);
    await expect(
      storage.put('post-videos/u1/short.mp4', Readable.from([Buffer.from('abc')]), {
        contentType: 'video/mp4',
        size: 10,
      }),
    ).rejects.toThrow(/expected 10 bytes, got 3/);
    expect(await storage.head('post-videos/u1/short.mp4')).toBeNull();
  });
});

describe('s3 storage', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3('present');
  });
  afterAll(() => s3.close());

  // s3rver cannot answer a truncated ListObjectsV2 on Node 17+ (it signs the continuation
  // token with DES, which OpenSSL 3 dropped), so paging is checked against a scripted client.
  it('deletes a prefix spanning several listing pages, one batch per page', async () => {
    const stored = new Set(
      Array.from({ length: 25 }, (_, i) => `paged/u1/${String(i).padStart(2, '0')}.bin`),
    );
    const batches: number[] = [];
    const client = {
      async send(command: { input: Record<string, unknown>; constructor: { name: string } }) {
        const input = command.input;
        if (command.constructor.name === 'ListObjectsV2Command') {
          const keys = [...stored].filter((k) => k.startsWith(input.Prefix as string)).sort();
          const page = keys.slice(0, input.MaxKeys as number);
          return { Contents: page.map((Key) => ({ Key })), IsTruncated: keys.length > page.length };
        }
        if (command.constructor.name === 'DeleteObjectsCommand') {
          const objects = (input.Delete as { Objects: { Key: string }[] }).Objects;
          batches.push(objects.length);
          for (const o of objects) stored.delete(o.Key);
          return { Deleted: objects };
        }
        throw new Error(`unexpected ${command.constructor.name}`);
      },
    };
    const storage = new S3Storage(
      { ...s3.options, listPageSize: 10 },
      client as unknown as S3Client,
    );
    expect(await storage.deletePrefix('paged/u1')).toBe(25);
    expect(batches).toEqual([10, 10, 5]);
    expect(stored.size).toBe(0);
  });

  it('fails ping when the bucket does not exist', async () => {
    const storage = new S3Storage({ ...s3.options, bucket: 'absent' });
    await expect(storage.ping()).rejects.toThrow();
  });

  it('fails ping when nothing listens at the endpoint', async () => {
    const storage = new S3Storage({ ...s3.options, endpoint: 'http://127.0.0.1:1' });
    await expect(storage.ping()).rejects.toThrow();
  });
});

describe('createStorage', () => {
  it('uses local disk under dataDir/files without S3 settings', () => {
    const storage = createStorage({ dataDir: '/tmp/otakura-x', s3: undefined });
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(storage.kind).toBe('local');
  });

  it('uses S3 when a bucket is configured', () => {
    const storage = createStorage({
      dataDir: '/tmp/otakura-x',
      s3: {
        bucket: 'b',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
    });
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
  });
});

describe('isValidKey', () => {
  it('accepts the spec layout keys', () => {
    expect(
      isValidKey(
        'post-images/0190d1c2-aaaa-7bbb-8ccc-123456789abc/0190d1c2-aaaa-7bbb-8ccc-123456789abd-640.webp',
      ),
    ).toBe(true);
    expect(isValidKey('user-profile-images/u_1/x.webp')).toBe(true);
  });
  it('refuses dot-dot anywhere, control characters and over-long keys', () => {
    expect(isValidKey('a/b..c')).toBe(false);
    expect(isValidKey('a/b\u0000c')).toBe(false);
    expect(isValidKey('a/b c')).toBe(false);
    expect(isValidKey('a/'.repeat(300) + 'b')).toBe(false);
  });
});
