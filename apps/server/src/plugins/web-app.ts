import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { landingPages } from './landing-pages';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never
 * cached, any non-API GET (the root `/` included) answered with index.html so
 * client routes work. The build writes `.br` and `.gz` siblings of text files
 * (vite-plugin-compression2); they are sent to clients that accept them, with
 * `Vary: Accept-Encoding`, the raw file otherwise. Unknown /api paths get the
 * JSON 404.
 *
 * The landing pages of scripts/route-preloads.mjs (/feed and / with a session; /login, and /feed
 * and / without one) get index.html with their route's chunks and stylesheets named as preloads, so the browser fetches them with
 * the entry instead of after it; which page depends on whether a session cookie came
 * (`hasSession`), so those answers vary on Cookie.
 */
export const webAppPlugin = fp(async function webApp(
  app: FastifyInstance,
  opts: {
    distDir: string;
    productName: string;
    hasSession?: (req: FastifyRequest) => Promise<boolean>;
  },
) {
  const landing = landingPages(opts.distDir);
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  const manifestFile = path.join(opts.distDir, 'manifest.webmanifest');
  if (existsSync(manifestFile)) {
    // The install name follows PRODUCT_NAME without a rebuild.
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    const body = JSON.stringify({
      ...manifest,
      name: opts.productName,
      short_name: opts.productName,
    });
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_req, reply) =>
      reply
        .header('content-type', 'application/manifest+json')
        .header('cache-control', 'no-cache')
        .send(body),
    );
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      // Files are looked up per request, so a rebuild under a running server is served.
      wildcard: true,
      index: false,
      preCompressed: true,
      // A directory (`/`, `/assets/`) has no index here: the SPA fallback answers it.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      setHeaders(res, filePath) {
        const rel = path.relative(opts.distDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      { distDir: opts.distDir },
      'web app not built; only the API is served (run npm run build)',
    );
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/files/')) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for ${req.method} ${url}.` } });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !path.extname(url)) {
      const page = landing.find(url, (await opts.hasSession?.(req)) ?? false);
      if (page) {
        const accepts = String(req.headers['accept-encoding'] ?? '');
        const [encoding, body] = /\bbr\b/.test(accepts)
          ? ['br', page.br]
          : /\bgzip\b/.test(accepts)
            ? ['gzip', page.gzip]
            : [undefined, page.raw];
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Encoding, Cookie')
          .send(body);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
  });
});
