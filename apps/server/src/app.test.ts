import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, HealthSchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from './test/app';

let t: TestApp;
let webDir: string;
/** index.html's inline script, as the web build inlines public/theme-boot.js. */
const BOOT_SCRIPT = "document.documentElement.setAttribute('data-theme','dark')";

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'otakura-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>Otakura</title><script>${BOOT_SCRIPT}</script><div id="root"></div>` +
      '<script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(webDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Otakura', short_name: 'Otakura', start_url: '/feed' }),
  );
  t = await buildTestApp({ WEB_DIST_DIR: webDir, PRODUCT_NAME: 'Anime Hub' });
});
afterAll(async () => {
  await t?.close();
});

describe('the HTTP app', () => {
  it('reports database and storage health with content counts', async () => {
    const res = await t.http('/api/health');
    expect(res.status).toBe(200);
    const body = HealthSchema.parse(await res.json());
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('ok');
    expect(body.storage).toMatchObject({ status: 'ok', kind: 'local' });
    expect(body.counts).toEqual({
      users: 0,
      communities: 0,
      posts: 0,
      comments: 0,
      media: 0,
      shopItems: 0,
    });
  });

  it('answers unknown API routes with a 404 in the one error shape', async () => {
    const res = await t.http('/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = ApiErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe('not_found');
  });

  it('serves the SPA for client routes, never cached', async () => {
    for (const p of ['/feed', '/community/abc', '/SignUp']) {
      const res = await t.http(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.http('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
  });

  it('serves the install manifest under the configured product name', async () => {
    const res = await t.http('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(await res.json()).toMatchObject({
      name: 'Anime Hub',
      short_name: 'Anime Hub',
      start_url: '/feed',
    });
  });

  it('serves files of a rebuild made while the server runs', async () => {
    writeFileSync(path.join(webDir, 'assets', 'app-new456.js'), 'console.log(2)');
    const res = await t.http('/assets/app-new456.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(2)');
    expect((await t.http('/assets/missing-789.js')).status).toBe(404);
  });

  it('sends the security headers', async () => {
    const res = await t.http('/feed');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // 'self' and the inline boot script's hash, nothing broader ('unsafe-inline').
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('publishes an OpenAPI document generated from the zod schemas, browsable at /api/docs', async () => {
    const json = (await (await t.http('/api/docs/json')).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(json.openapi).toMatch(/^3\./);
    const health =
      json.paths['/api/health'].get.responses['200'].content['application/json'].schema;
    expect(health.properties.database.properties.status.enum).toEqual(['ok', 'down']);
    const page = await t.http('/api/docs/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });
});
