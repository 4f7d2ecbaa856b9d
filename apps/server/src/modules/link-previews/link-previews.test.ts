import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LinkPreviewSchema, PostSchema, type LinkPreview } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCommunity, createUser, type TestUser } from '../../test/factories';
import { expectApiError } from '../../test/post-factories';
import { decodeHtml, parsePageMeta } from './html-meta';
import { linkPreviews } from '../../db/schema';
import { LINK_CREDENTIALS_MESSAGE } from './link-previews.service';
import { linkPreviewSettings } from './link-previews.settings';
import { safeGet } from './safe-fetch';
import { addressRange, BlockedTargetError, isAllowedAddress, resolveAllowed } from './ssrf-guard';

describe('isAllowedAddress', () => {
  const refused = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    'not an address',
  ];
  it.each(refused)('refuses %s', (ip) => {
    expect(isAllowedAddress(ip, { allowLoopback: false })).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public %s',
    (ip) => {
      expect(addressRange(ip)).toBe('unicast');
      expect(isAllowedAddress(ip, { allowLoopback: false })).toBe(true);
    },
  );

  it('with allowLoopback admits loopback only, nothing else private', () => {
    const policy = { allowLoopback: true };
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(isAllowedAddress(ip, policy)).toBe(true);
    for (const ip of ['10.0.0.1', '169.254.169.254', '192.168.0.1', 'fe80::1', '0.0.0.0', '::']) {
      expect(isAllowedAddress(ip, policy)).toBe(false);
    }
  });

  it('refuses a name when any of its addresses is private, and a name that does not resolve', async () => {
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(
      resolveAllowed('mixed.example', { allowLoopback: false }, resolver),
    ).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(resolveAllowed('localhost', { allowLoopback: false })).rejects.toBeInstanceOf(
      BlockedTargetError,
    );
    await expect(resolveAllowed('[::1]', { allowLoopback: false })).rejects.toBeInstanceOf(
      BlockedTargetError,
    );
    const nowhere = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(
      resolveAllowed('nowhere.invalid', { allowLoopback: false }, nowhere),
    ).rejects.toBeInstanceOf(BlockedTargetError);
  });
});

describe('parsePageMeta', () => {
  const base = new URL('https://site.example/articles/1');

  it('reads og tags in any attribute order and quoting, decoding entities, resolving the image', () => {
    const html = `<!doctype html><html><head>
      <title>Fallback</title>
      <META content='Tom &amp; Jerry &#8212; &quot;live&quot;' property=og:title>
      <meta property="og:site_name" content="Cartoon&#x20;Net">
      <meta content="/img/cover.png?a=1&amp;b=2" property="og:image" />
      <meta name="description" content="About it">
    </head><body></body></html>`;
    expect(parsePageMeta(html, base)).toEqual({
      title: 'Tom & Jerry — "live"',
      siteName: 'Cartoon Net',
      imageUrl: 'https://site.example/img/cover.png?a=1&b=2',
      description: 'About it',
    });
  });

  it('falls back to <title>, ignores tags inside comments and scripts, refuses non-http images', () => {
    const html = `<head><!-- <meta property="og:title" content="commented"> -->
      <script>document.write('<meta property="og:title" content="scripted">')</script>
      <title>
        The   real title
      </title>
      <meta property="og:image" content="javascript:alert(1)"></head>`;
    expect(parsePageMeta(html, base)).toMatchObject({
      title: 'The real title',
      imageUrl: null,
      siteName: null,
    });
  });

  it('caps long titles and survives garbage quickly', () => {
    const meta = parsePageMeta(`<title>${'x'.repeat(5000)}</title>`, base);
    expect(meta.title!.length).toBeLessThanOrEqual(300);
    const start = Date.now();
    parsePageMeta(
      '<meta '.repeat(100_000) + '<title'.repeat(100_000) + '<script'.repeat(50_000),
      base,
    );
    expect(Date.now() - start).toBeLessThan(2000);
  });

  it('decodes the charset of the header or the page', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><title>Caf\xe9</title>', 'latin1');
    expect(parsePageMeta(decodeHtml(latin1, null), base).title).toBe('Café');
    expect(parsePageMeta(decodeHtml(Buffer.from('<title>Café</title>'), 'utf-8'), base).title).toBe(
      'Café',
    );
  });
});

/** A local web server the tests control, counting what it is asked. */
interface LocalSite {
  url: string;
  port: number;
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

async function startSite(): Promise<LocalSite> {
  const png = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: '#cc3366' },
  })
    .png()
    .toBuffer();
  const requests: LocalSite['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://local');
    const page = (head: string) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': 'tracker=1; Path=/',
      });
      res.end(`<!doctype html><html><head>${head}</head><body>hi</body></html>`);
    };
    switch (url.pathname) {
      case '/page':
        return page(
          `<title>Plain title</title><meta property="og:title" content="Otakura Weekly"><meta property="og:site_name" content="Local Site"><meta property="og:image" content="/cover.png">`,
        );
      case '/private-image':
        return page(
          `<meta property="og:title" content="Has a private image"><meta property="og:image" content="http://169.254.169.254/latest/meta-data/">`,
        );
      case '/svg-image':
        return page(
          `<meta property="og:title" content="Has an SVG"><meta property="og:image" content="/logo.svg">`,
        );
      case '/cover.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(png);
      case '/logo.svg':
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/page' });
        return res.end();
      case '/loop':
        res.writeHead(301, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
        return res.end();
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"title":"not html"}');
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head><title>Huge page</title></head><body>');
        for (let i = 0; i < 300; i++) res.write('x'.repeat(16 * 1024));
        return res.end('</body></html>');
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        return; // never finishes
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('link previews through the API', () => {
  let t: TestApp;
  let site: LocalSite;
  let user: TestUser;
  let n = 0;
  /** A URL not fetched before in this file (the cache would answer otherwise). */
  const fresh = (url: string) => `${url}${url.includes('?') ? '&' : '?'}v=${++n}`;

  beforeAll(async () => {
    t = await buildTestApp();
    site = await startSite();
    user = await createUser(t);
  });
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });
  afterEach(() => {
    linkPreviewSettings(t.ctx).allowLoopback = false;
  });

  async function preview(url: string): Promise<LinkPreview> {
    const res = await user.http(`/api/link-preview?url=${encodeURIComponent(url)}`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return LinkPreviewSchema.parse(body);
  }

  it('fetches a local page’s title, site name and image when loopback is allowed, storing the image with us', async () => {
    linkPreviewSettings(t.ctx).allowLoopback = true;
    const url = fresh(`${site.url}/page`);
    const p = await preview(url);
    expect(p).toMatchObject({ url, title: 'Otakura Weekly', siteName: 'Local Site' });
    expect(p.imageUrl).toMatch(/^\/files\/link-previews\/[0-9a-f]{2}\/[0-9a-f-]{36}-640\.webp$/);
    const image = await t.http(p.imageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640);

    // No cookies, no credentials: only what we chose to send.
    for (const r of site.requests) {
      expect(r.headers.cookie).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
    }
    // Cached: a second preview asks the site nothing.
    const asked = site.requests.length;
    expect(await preview(url)).toEqual(p);
    expect(site.requests.length).toBe(asked);
  });

  it.each([
    ['127.0.0.1', (s: LocalSite) => `${s.url}/page`],
    ['localhost', (s: LocalSite) => `http://localhost:${s.port}/page`],
    ['[::1]', (s: LocalSite) => `http://[::1]:${s.port}/page`],
    ['127.0.0.1 as a number', (s: LocalSite) => `http://2130706433:${s.port}/page`],
    ['10.0.0.1', () => 'http://10.0.0.1/'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['0.0.0.0', (s: LocalSite) => `http://0.0.0.0:${s.port}/page`],
    ['[::ffff:127.0.0.1]', (s: LocalSite) => `http://[::ffff:127.0.0.1]:${s.port}/page`],
  ])(
    'refuses %s when loopback is not allowed: nulls, and no request is made',
    async (_name, make) => {
      const asked = site.requests.length;
      const started = Date.now();
      const url = fresh(make(site));
      expect(await preview(url)).toEqual({
        url: new URL(url).href,
        title: null,
        imageUrl: null,
        siteName: null,
      });
      expect(site.requests.length).toBe(asked);
      expect(Date.now() - started).toBeLessThan(3000);
    },
  );

  it.each([
    ['10.0.0.1', 'http://10.0.0.1/admin'],
    ['169.254.169.254', 'http://169.254.169.254/latest/meta-data/'],
    ['[::ffff:10.0.0.1]', 'http://[::ffff:10.0.0.1]/'],
    ['0.0.0.0', 'http://0.0.0.0/'],
    ['a file URL', 'file:///etc/passwd'],
  ])('refuses a redirect to %s even when loopback is allowed', async (_name, target) => {
    linkPreviewSettings(t.ctx).allowLoopback = true;
    const started = Date.now();
    const p = await preview(fresh(`${site.url}/redirect?to=${encodeURIComponent(target)}`));
    expect(p).toMatchObject({ title: null, imageUrl: null });
    // Refused before connecting: no wait for a connect timeout.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('follows up to three redirects, not four', async () => {
    linkPreviewSettings(t.ctx).allowLoopback = true;
    const hop = (to: string) => `${site.url}/redirect?to=${encodeURIComponent(to)}`;
    const three = fresh(hop(hop(hop(`/page?x=${n}`))));
    expect((await preview(three)).title).toBe('Otakura Weekly');
    expect((await preview(fresh(`${site.url}/loop`))).title).toBeNull();
  });

  it('keeps the title but no image when the image is private or not an image', async () => {
    linkPreviewSettings(t.ctx).allowLoopback = true;
    expect(await preview(fresh(`${site.url}/private-image`))).toMatchObject({
      title: 'Has a private image',
      imageUrl: null,
    });
    expect(await preview(fresh(`${site.url}/svg-image`))).toMatchObject({
      title: 'Has an SVG',
      imageUrl: null,
    });
  });

  it('reads only HTML, cuts a page at 1 MB, and gives up after the timeout', async () => {
    const settings = linkPreviewSettings(t.ctx);
    settings.allowLoopback = true;
    expect((await preview(fresh(`${site.url}/json`))).title).toBeNull();
    expect((await preview(fresh(`${site.url}/huge`))).title).toBe('Huge page');
    const saved = settings.timeoutMs;
    settings.timeoutMs = 400;
    try {
      const started = Date.now();
      expect((await preview(fresh(`${site.url}/slow`))).title).toBeNull();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      settings.timeoutMs = saved;
    }
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let lookups = 0;
    const res = await safeGet(`http://rebind.invalid:${site.port}/page`, {
      policy: { allowLoopback: true },
      resolver: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
      deadline: Date.now() + 3000,
      maxRedirects: 0,
      maxBytes: 1024 * 1024,
      overflow: 'truncate',
      accept: 'text/html',
      userAgent: 'test',
    });
    // `.invalid` never resolves through the system: the socket used our checked address.
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
  });

  it('answers 400 for a link that is not http(s) and 401 without a session', async () => {
    await expectApiError(
      await user.http(`/api/link-preview?url=${encodeURIComponent('ftp://example.com/')}`),
      400,
      'validation_error',
    );
    await expectApiError(
      await t.http(`/api/link-preview?url=${encodeURIComponent('https://example.com/')}`),
      401,
      'unauthorized',
    );
  });

  it('refuses a link with a user name or password: 400 naming the url, nothing fetched, echoed or cached', async () => {
    linkPreviewSettings(t.ctx).allowLoopback = true;
    const before = site.requests.length;
    for (const url of [
      `${site.url.replace('://', '://alice:s3cret@')}/page`,
      `${site.url.replace('://', '://alice@')}/page`,
      `${site.url.replace('://', '://:s3cret@')}/page`,
    ]) {
      const res = await user.http(`/api/link-preview?url=${encodeURIComponent(url)}`);
      const text = await res.text();
      expect(res.status, text).toBe(400);
      const { error } = JSON.parse(text) as {
        error: { code: string; message: string; details: { path: string }[] };
      };
      expect(error.code).toBe('validation_error');
      expect(error.message).toContain(LINK_CREDENTIALS_MESSAGE);
      expect(error.details.map((d) => d.path)).toEqual(['url']);
      expect(text).not.toContain('s3cret');
    }
    expect(site.requests.length).toBe(before);
    const rows = await t.ctx.database.db.select({ url: linkPreviews.url }).from(linkPreviews);
    expect(rows.filter((r) => r.url.includes('alice') || r.url.includes('s3cret'))).toEqual([]);
  });

  it('stores a link typed without a scheme with https://, still refusing a private target', async () => {
    const community = await createCommunity(t);
    linkPreviewSettings(t.ctx).allowLoopback = false;
    const before = site.requests.length;
    const typed = fresh(`127.0.0.1:${site.port}/page`);
    const res = await user.http('/api/posts', {
      method: 'POST',
      json: { title: 'Bare link', communityId: community.id, url: `  ${typed}  ` },
    });
    expect(res.status).toBe(201);
    const post = PostSchema.parse(await res.json());
    expect(post.type).toBe(5);
    expect(post.link).toEqual({
      url: `https://${typed}`,
      title: null,
      imageUrl: null,
      siteName: null,
    });
    // Refused by the SSRF guard (loopback), as with a scheme: nothing was fetched.
    expect(site.requests.length).toBe(before);

    // The composer's preview takes the same bare link and checks the same way.
    const preview = await user.http(`/api/link-preview?url=${encodeURIComponent(typed)}`);
    expect(preview.status).toBe(200);
    expect(LinkPreviewSchema.parse(await preview.json())).toMatchObject({
      url: `https://${typed}`,
      title: null,
    });
    expect(site.requests.length).toBe(before);
  });

  it('gives a url post its preview, and a refused one silently none', async () => {
    const community = await createCommunity(t);
    linkPreviewSettings(t.ctx).allowLoopback = true;
    const ok = await user.http('/api/posts', {
      method: 'POST',
      json: { title: 'Look', communityId: community.id, url: fresh(`${site.url}/page`) },
    });
    expect(ok.status).toBe(201);
    const post = PostSchema.parse(await ok.json());
    expect(post.type).toBe(5);
    expect(post.link).toMatchObject({ title: 'Otakura Weekly', siteName: 'Local Site' });
    expect(post.link!.imageUrl).toMatch(/^\/files\/link-previews\//);

    linkPreviewSettings(t.ctx).allowLoopback = false;
    const refused = await user.http('/api/posts', {
      method: 'POST',
      json: {
        title: 'Sneaky',
        communityId: community.id,
        url: 'http://169.254.169.254/latest/meta-data/',
      },
    });
    expect(refused.status).toBe(201);
    expect(PostSchema.parse(await refused.json()).link).toEqual({
      url: 'http://169.254.169.254/latest/meta-data/',
      title: null,
      imageUrl: null,
      siteName: null,
    });
  });
});
