import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, CommunityPageSchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../test/app';
import { createCommunity, createUser } from '../test/factories';

let t: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const indexHtml = `<!doctype html><title>Otakura</title><div id="root"></div>${' '.repeat(2000)}`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is read as sent, without fetch's transparent decoding. */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(answer: RawAnswer): string {
  const enc = answer.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (enc === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'otakura-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  // What `vite build` writes: each text file with its .br and .gz siblings.
  for (const [rel, content] of [
    ['index.html', indexHtml],
    ['assets/app-abc123.js', script],
  ] as const) {
    writeFileSync(path.join(webDir, rel), content);
    writeFileSync(path.join(webDir, `${rel}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDir, `${rel}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(webDir, 'assets', 'plain-def456.css'), 'body{margin:0}');
  t = await buildTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the SPA root', () => {
  it.each(['/', '/?utm=x', '/?next=%2Ffeed'])(
    'answers a hard load of %s with index.html, never cached',
    async (p) => {
      const res = await t.http(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('answers / with index.html for a signed-in user too (the SPA redirects to /feed)', async () => {
    const user = await createUser(t);
    const res = await t.http('/', { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('answers HEAD / and a directory path like /assets/ with the SPA, not a 403', async () => {
    const head = await t.http('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    const dir = await t.http('/assets/');
    expect(dir.status).toBe(200);
    expect(await dir.text()).toContain('<div id="root">');
  });
});

describe('build-time compressed assets', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0.5, br;q=1', 'br'],
  ])('sends the %s client the %s file with Vary', async (accept, encoding) => {
    const res = await rawGet('/assets/app-abc123.js', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(decode(res)).toBe(script);
  });

  it.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'zstd' }]])(
    'falls back to the raw file when the client accepts neither (%o)',
    async (headers) => {
      const res = await rawGet('/assets/app-abc123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.toString('utf8')).toBe(script);
    },
  );

  it('sends a file the build did not compress raw, even to a brotli client', async () => {
    const res = await rawGet('/assets/plain-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe('body{margin:0}');
  });

  it('sends index.html compressed on SPA paths and the root, still never cached', async () => {
    for (const p of ['/', '/feed', '/?utm=x']) {
      const res = await rawGet(p, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res)).toBe(indexHtml);
    }
  });
});

describe('API answers compressed on the fly', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('compresses a large JSON answer for a %s client', async (accept, encoding) => {
    const res = await rawGet('/api/docs/json', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const doc = JSON.parse(decode(res)) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });

  it("compresses a module's JSON answer (a page of communities) the same way", async () => {
    for (let i = 0; i < 30; i++) await createCommunity(t, { about: `About ${i}` });
    const user = await createUser(t);
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet('/api/communities?limit=30', {
        'accept-encoding': accept,
        cookie: user.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const page = CommunityPageSchema.parse(JSON.parse(decode(res)));
      expect(page.items).toHaveLength(30);
    }
  });

  it('sends JSON raw to a client that accepts no encoding', async () => {
    const res = await rawGet('/api/docs/json', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(res.body.toString('utf8')) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('leaves answers under 1 kB raw', async () => {
    const res = await rawGet('/api/no-such-route', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    ApiErrorBodySchema.parse(JSON.parse(res.body.toString('utf8')));
    const small = await rawGet('/api/app-config', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('/files is not compressed', () => {
  it('serves byte ranges of a compressible-looking file unencoded', async () => {
    const content = Buffer.from('a'.repeat(64 * 1024));
    const key = 'post-images/ab/compress-check.bin';
    await t.storage.put(key, content, { contentType: 'application/octet-stream' });
    const whole = await rawGet(`/files/${key}`, { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.length).toBe(content.length);
    const part = await rawGet(`/files/${key}`, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=100-199',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-199/${content.length}`);
    expect(part.body.length).toBe(100);
  });
});
