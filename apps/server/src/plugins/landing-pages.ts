import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** One entry of dist/.vite/route-preloads.json (scripts/route-preloads.mjs writes it). */
export interface RoutePreload {
  /** Lower case, no trailing slash. */
  paths: string[];
  /** The page shows only with a session; without one, the sign-in page's files if listed. */
  signedIn?: boolean;
  /** Module chunks and stylesheets, site-absolute (`/assets/…`). */
  js: string[];
  css: string[];
}

export interface LandingPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const SIGN_IN_PATH = '/login';

/** The route whose files go into the page for `pathname`, or undefined (index.html as built). */
export function pickRoute(
  routes: readonly RoutePreload[],
  pathname: string,
  signedIn: boolean,
): RoutePreload | undefined {
  const p = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const listed = routes.filter((r) => r.paths.includes(p));
  if (!listed.length) return undefined;
  const fits = listed.find((r) => !r.signedIn || signedIn);
  if (fits) return fits;
  // A protected page without a session: the app sends the visitor to sign in.
  return routes.find((r) => !r.signedIn && r.paths.includes(SIGN_IN_PATH));
}

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with `<link>`s for the route's files before `</head>`. */
export function withPreloads(html: string, route: RoutePreload): string {
  const links = [
    ...route.js.map((f) => `<link rel="modulepreload" crossorigin href="${attr(f)}">`),
    // Stylesheets as preloads, not as stylesheets: they would block the first paint. The preload
    // helper adds them (crossorigin, as here) when the page's chunk loads, from the cache.
    ...route.css.map((f) => `<link rel="preload" as="style" crossorigin href="${attr(f)}">`),
  ].join('');
  const at = html.lastIndexOf('</head>');
  return at === -1 ? html : html.slice(0, at) + links + html.slice(at);
}

/**
 * The landing pages of a built web app: index.html with each landing route's preloads, compressed
 * once. Read again when index.html changes (a rebuild under a running server is served, as the
 * static files are). Without route-preloads.json (an older build) there are none.
 */
export function landingPages(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const preloadsFile = path.join(distDir, '.vite', 'route-preloads.json');
  let built: { mtimeMs: number; routes: RoutePreload[]; pages: Map<RoutePreload, LandingPage> } = {
    mtimeMs: -1,
    routes: [],
    pages: new Map(),
  };
  const load = () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      return built;
    }
    if (mtimeMs === built.mtimeMs) return built;
    let routes: RoutePreload[] = [];
    try {
      routes = (JSON.parse(readFileSync(preloadsFile, 'utf8')) as { routes: RoutePreload[] })
        .routes;
    } catch {
      routes = [];
    }
    const html = readFileSync(indexFile, 'utf8');
    const pages = new Map<RoutePreload, LandingPage>();
    for (const route of routes) {
      const raw = Buffer.from(withPreloads(html, route));
      pages.set(route, {
        raw,
        br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      });
    }
    built = { mtimeMs, routes, pages };
    return built;
  };
  return {
    /** The page for `pathname`, or undefined when index.html as built serves it. */
    find(pathname: string, signedIn: boolean): LandingPage | undefined {
      const { routes, pages } = load();
      const route = pickRoute(routes, pathname, signedIn);
      return route && pages.get(route);
    },
  };
}
