import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';
import { pickRoute, withPreloads, type RoutePreload } from './landing-pages';

const feed: RoutePreload = {
  paths: ['/feed', '/'],
  signedIn: true,
  js: ['/assets/feed-1.js', '/assets/app-layout-2.js'],
  css: ['/assets/feed-3.css'],
};
const login: RoutePreload = {
  paths: ['/login', '/'],
  signedIn: false,
  js: ['/assets/login-4.js'],
  css: [],
};
const signUp: RoutePreload = { paths: ['/signup'], js: ['/assets/sign-up-5.js'], css: [] };
const routes = [feed, login, signUp];

describe('pickRoute', () => {
  it('names the page the app will show: the feed with a session, sign-in without', () => {
    expect(pickRoute(routes, '/feed', true)).toBe(feed);
    expect(pickRoute(routes, '/', true)).toBe(feed);
    expect(pickRoute(routes, '/', false)).toBe(login);
    // A visitor without a session on /feed is sent to sign in.
    expect(pickRoute(routes, '/feed', false)).toBe(login);
    expect(pickRoute(routes, '/login', true)).toBe(login);
  });

  it('matches paths as the router does: any case, a trailing slash ignored', () => {
    expect(pickRoute(routes, '/SignUp', false)).toBe(signUp);
    expect(pickRoute(routes, '/signUp/', false)).toBe(signUp);
    expect(pickRoute(routes, '/FEED/', true)).toBe(feed);
  });

  it('names nothing for a page that is not listed', () => {
    expect(pickRoute(routes, '/settings/your-account', true)).toBeUndefined();
    expect(pickRoute(routes, '/feedback', true)).toBeUndefined();
  });
});

describe('withPreloads', () => {
  it('puts module preloads and stylesheet preloads before </head>, nothing else changed', () => {
    const html = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
    const out = withPreloads(html, feed);
    expect(out).toBe(
      '<html><head><title>x</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/feed-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/app-layout-2.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/feed-3.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it('escapes what it writes into an attribute', () => {
    const out = withPreloads('<head></head>', { paths: ['/'], js: ['/a"b<c>.js'], css: [] });
    expect(out).toContain('href="/a&#34;b&#60;c&#62;.js"');
  });
});

describe('the served landing pages', () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml = '<!doctype html><html><head><title>Otakura</title></head><body></body></html>';

  function rawGet(pathname: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = request(`${t.url}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            const body =
              enc === 'br'
                ? brotliDecompressSync(raw).toString('utf8')
                : enc === 'gzip'
                  ? gunzipSync(raw).toString('utf8')
                  : raw.toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          });
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'otakura-landing-'));
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    writeFileSync(
      path.join(webDir, '.vite', 'route-preloads.json'),
      JSON.stringify({ routes: [feed, login] }),
    );
    t = await buildTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("sends /login with the sign-in page's chunks, compressed as the client accepts", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await rawGet('/login', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Cookie');
      expect(res.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/login-4.js">',
      );
      expect(res.body).not.toContain('feed-1.js');
    }
  });

  it("sends /feed with the feed's chunks to a signed-in user and sign-in's to a visitor", async () => {
    const user = await createUser(t);
    const signedIn = await rawGet('/feed', { cookie: user.cookie });
    expect(signedIn.body).toContain('href="/assets/feed-1.js"');
    expect(signedIn.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/feed-3.css">',
    );
    expect(signedIn.body).not.toContain('login-4.js');

    const visitor = await rawGet('/feed');
    expect(visitor.body).toContain('href="/assets/login-4.js"');
    expect(visitor.body).not.toContain('feed-1.js');
  });

  it('sends index.html as built for a page that is not listed', async () => {
    const res = await rawGet('/settings/your-account');
    expect(res.status).toBe(200);
    expect(res.body).toBe(indexHtml);
  });

  it('follows a rebuild: a new index.html is served without a restart', async () => {
    const rebuilt = indexHtml.replace('Otakura', 'Otakura 2');
    writeFileSync(path.join(webDir, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(webDir, 'index.html'), later, later);
    const res = await rawGet('/login');
    expect(res.body).toContain('<title>Otakura 2</title>');
    expect(res.body).toContain('login-4.js');
  });
});
