import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { LocalStorage } from '../../storage/local-storage';
import { S3Storage } from '../../storage/s3-storage';
import { startLocalS3 } from '../../storage/s3rver.test-helper';
import type { Storage } from '../../storage/storage';
import { filesRoutes, parseRange } from './files.routes';

const CSP = "default-src 'none'; sandbox";
const IMMUTABLE = 'public, max-age=31536000, immutable';
const text = Buffer.from('0123456789abcdefghij'); // 20 bytes

/** The app's own order: error handler, helmet (its CSP must be overridden on files), then the route. */
async function buildFilesApp(storage: Storage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(fastifyHelmet);
  await app.register(filesRoutes, { storage });
  await app.ready();
  return app;
}

const drivers = [
  {
    name: 'local',
    async setup() {
      const dir = mkdtempSync(path.join(tmpdir(), 'otakura-files-'));
      // A file beside the storage root that no URL may reach.
      writeFileSync(path.join(dir, 'secret.txt'), 'secret');
      const storage = new LocalStorage(path.join(dir, 'files'));
      return { storage, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async setup() {
      const s3 = await startLocalS3();
      return { storage: new S3Storage(s3.options) as Storage, teardown: () => s3.close() };
    },
  },
];

describe.each(drivers)('GET/HEAD /files/* on $name storage', (driver) => {
  let app: FastifyInstance;
  let teardown: () => Promise<void>;
  let etag: string;

  beforeAll(async () => {
    const { storage, teardown: t } = await driver.setup();
    teardown = t;
    etag = (await storage.put('post-images/u1/a.webp', text, { contentType: 'image/webp' })).etag;
    await storage.put(
      'post-images/u1/evil.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      {
        contentType: 'image/svg+xml',
      },
    );
    await storage.put('post-images/u1/page.html', Buffer.from('<script>alert(1)</script>'), {
      contentType: 'text/html; charset=utf-8',
    });
    await storage.put('post-images/u1/params.png', text, { contentType: 'IMAGE/PNG; foo=bar' });
    await storage.put('post-videos/u1/v.mp4', Buffer.alloc(1_000_000, 1), {
      contentType: 'video/mp4',
    });
    await storage.put('post-images/u1/empty.webp', Buffer.alloc(0), { contentType: 'image/webp' });
    app = await buildFilesApp(storage);
  });
  afterAll(async () => {
    await app.close();
    await teardown();
  });

  it('serves a stored image with its type, length, validators, long cache and the locked-down headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/post-images/u1/a.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(text)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe('20');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/files/post-images/u1/a.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['content-length']).toBe('20');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it.each([
    ['bytes=2-5', 'bytes 2-5/20', '2345'],
    ['bytes=15-', 'bytes 15-19/20', 'fghij'],
    ['bytes=-5', 'bytes 15-19/20', 'fghij'],
    ['bytes=-100', 'bytes 0-19/20', '0123456789abcdefghij'],
    ['bytes=18-1000', 'bytes 18-19/20', 'ij'],
    ['bytes=0-0', 'bytes 0-0/20', '0'],
  ])('answers Range %s with 206 and Content-Range %s', async (range, contentRange, body) => {
    const res = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { range },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(contentRange);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.payload).toBe(body);
  });

  it('serves a range from the middle of a larger video', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/files/post-videos/u1/v.mp4',
      headers: { range: 'bytes=500000-599999' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 500000-599999/1000000');
    expect(res.rawPayload.length).toBe(100_000);
    expect(res.headers['content-type']).toBe('video/mp4');
  });

  it('answers HEAD with a range as 206 headers without a body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: '/files/post-images/u1/a.webp',
      headers: { range: 'bytes=2-5' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-5/20');
    expect(res.headers['content-length']).toBe('4');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each(['bytes=20-', 'bytes=20-25', 'bytes=-0', 'bytes=99999999999999999999-'])(
    'answers the unsatisfiable Range %s with 416 and Content-Range bytes */size',
    async (range) => {
      const res = await app.inject({
        method: 'GET',
        url: '/files/post-images/u1/a.webp',
        headers: { range },
      });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */20');
      expect(res.json()).toEqual({
        error: { code: 'range_not_satisfiable', message: expect.any(String) },
      });
      expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
    },
  );

  it('never reaches outside the storage root when the URL itself climbs out with dot segments', async () => {
    // The URL parser resolves %2e%2e before routing, so this does not even reach /files.
    const res = await app.inject({ method: 'GET', url: '/files/%2e%2e/secret.txt' });
    expect(res.statusCode).toBe(404);
    expect(res.payload).not.toContain('secret"');
    expect(res.rawPayload.toString()).not.toBe('secret');
  });

  it('treats any range of an empty file as unsatisfiable and serves the empty file whole', async () => {
    const ranged = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/empty.webp',
      headers: { range: 'bytes=0-' },
    });
    expect(ranged.statusCode).toBe(416);
    expect(ranged.headers['content-range']).toBe('bytes */0');
    const whole = await app.inject({ method: 'GET', url: '/files/post-images/u1/empty.webp' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('0');
  });

  it.each(['bytes=1-2,4-5', 'items=0-1', 'bytes=5-2', 'bytes=abc', 'bytes=-'])(
    'ignores the Range %s it does not serve and sends the whole file',
    async (range) => {
      const res = await app.inject({
        method: 'GET',
        url: '/files/post-images/u1/a.webp',
        headers: { range },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.payload).toBe(text.toString());
    },
  );

  it('answers a matching If-None-Match with 304, validators and no body', async () => {
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await app.inject({
        method: 'GET',
        url: '/files/post-images/u1/a.webp',
        headers: { 'if-none-match': inm },
      });
      expect(res.statusCode, inm).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('sends the file when If-None-Match does not match', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { 'if-none-match': '"other"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(text.toString());
  });

  it('answers If-Modified-Since at or after Last-Modified with 304, unless If-None-Match disagrees', async () => {
    const first = await app.inject({ method: 'GET', url: '/files/post-images/u1/a.webp' });
    const lastModified = first.headers['last-modified'] as string;
    const res = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { 'if-modified-since': lastModified },
    });
    expect(res.statusCode).toBe(304);
    const older = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
    });
    expect(older.statusCode).toBe(200);
    const both = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { 'if-modified-since': lastModified, 'if-none-match': '"other"' },
    });
    expect(both.statusCode).toBe(200);
  });

  it('honours a range only while If-Range still matches', async () => {
    const same = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { range: 'bytes=0-1', 'if-range': etag },
    });
    expect(same.statusCode).toBe(206);
    const changed = await app.inject({
      method: 'GET',
      url: '/files/post-images/u1/a.webp',
      headers: { range: 'bytes=0-1', 'if-range': '"changed"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.payload).toBe(text.toString());
  });

  it.each([
    ['post-images/u1/evil.svg', 'SVG'],
    ['post-images/u1/page.html', 'HTML'],
  ])('never lets a browser render %s (%s): opaque type, attachment, sandbox', async (key) => {
    const res = await app.inject({ method: 'GET', url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(CSP);
  });

  it('serves an allowed type inline even when stored with parameters or in capitals', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/post-images/u1/params.png' });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers a missing file with 404 in the JSON error shape, not cached for a year', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/files/post-images/u1/missing.webp' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      if (method === 'GET') {
        expect(res.json()).toEqual({
          error: { code: 'file_not_found', message: 'That file does not exist.' },
        });
      }
    }
  });

  it.each([
    '/files/..%2Fsecret.txt',
    '/files/post-images/..%2F..%2Fsecret.txt',
    '/files/post-images%5Cu1%5Ca.webp',
    '/files//etc/passwd',
    '/files/%2Fetc%2Fpasswd',
    '/files/.meta/post-images/u1/a.webp.json',
    '/files/',
  ])('answers the unsafe path %s with 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'file_not_found', message: 'That file does not exist.' },
    });
    expect(res.payload).not.toContain('secret');
  });
});

describe('parseRange', () => {
  it('reads the three single-range forms', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('Bytes = 1 - 2', 100)).toEqual({ kind: 'range', start: 1, end: 2 });
  });
  it('tells unsatisfiable from ignorable', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-1,3-4', 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=9-1', 100)).toEqual({ kind: 'none' });
  });
});
