// Route preloads (issue 10): for the pages people land on (the feed and sign-in, LANDING_ROUTES),
// the chunks and stylesheets a first visit loads beyond what index.html already names, so the
// server can name them in the page it sends (apps/server/src/plugins/web-app.ts) and the browser
// fetches them with the entry instead of after it. Without them the entry's route preload
// (`preloadRoute` → Vite's preload helper) appends one <link> per chunk from script: a request
// round trip later, and on Lighthouse's mobile CPU about 130 ms of main-thread work on /login.
//
// The Vite build writes the result to dist/.vite/route-preloads.json (apps/web/vite.config.ts).
import { firstLoad, readManifest } from './check-size.mjs';

/**
 * `paths`: lower case (the router matches case-insensitively), without a trailing slash.
 * `modules`: the lazy layout and page the path renders, as source paths (check-size's BUDGETS).
 * `signedIn`: the page shows only with a session: without the session cookie the server names
 * the sign-in page's files instead when a route lists '/login', else none. A path listed twice
 * is the first entry whose `signedIn` fits the request.
 *
 * The feed: Lighthouse measured a gain on both transports (two same-run A/B runs, 2026-11-28:
 * score 52 → 55 and 55 → 59, LCP −0.3 s, TBT −0.3 s). The sign-in page (also what / and the feed
 * answer without a session): behind the shipped nginx (HTTPS, HTTP/2, as production serves it)
 * 88 → 92, TBT −120 ms with the same LCP; straight from the app's HTTP/1.1 server its 16 preloads
 * share the browser's 6 connections with the entry, so LCP comes 0.3 s later for a TBT 140 ms
 * lower, the score the same (82 → 83; BENCHMARKS.md, "Route preloads").
 */
export const LANDING_ROUTES = [
  {
    paths: ['/feed', '/'],
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/feed/feed.tsx'],
    signedIn: true,
  },
  { paths: ['/login'], modules: ['src/app/routes/auth/login.tsx'] },
];

/** Each landing route with the files to preload: `js` module chunks, `css` stylesheets. */
export function routePreloads({ dist, routes = LANDING_ROUTES, language = 'en' }) {
  const manifest = readManifest(dist);
  return routes.map((route) => {
    const load = firstLoad({ dist, modules: route.modules, language, manifest });
    const extra = (files, named) => [...files].filter((f) => !named.has(f)).map((f) => `/${f}`);
    return {
      paths: route.paths,
      signedIn: route.signedIn,
      js: extra(load.js, load.html.js).filter((f) => f.endsWith('.js')),
      css: extra(load.css, load.html.css),
    };
  });
}
