/*
 * App-shell service worker. It caches only what every visitor gets alike:
 * index.html (network first, so a new deploy shows at once when online) and
 * the content-hashed build assets (cache first; their names change when they
 * do). It never caches /api (personal data) or /files, and ignores non-GET.
 */
// v2: the theme boot script is inline in index.html (vite.config.ts), no longer a file to keep.
const VERSION = 'otakura-shell-v2';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/logo-dark.svg', '/logo-light.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((c) => c.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/files/')) return;

  if (req.mode === 'navigate') {
    // Network first; offline, the cached shell boots the app.
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(VERSION).then((c) => c.put('/', copy));
          }
          return res;
        })
        .catch(() => caches.match('/').then((r) => r || Response.error())),
    );
    return;
  }

  if (
    url.pathname.startsWith('/assets/') ||
    SHELL.includes(url.pathname) ||
    /^\/icon-.*\.png$/.test(url.pathname)
  ) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(VERSION).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});

/*
 * Web Push (docs/notifications.md): the server sends a PushPayload { title, body, link, tag } for
 * each new notification. The same tag replaces the older one (grouped likes and follows).
 */
function readPayload(event) {
  if (!event.data) return null;
  try {
    const data = event.data.json();
    if (!data || typeof data.title !== 'string' || typeof data.body !== 'string') return null;
    return data;
  } catch {
    return null;
  }
}

/** Only paths of this site are opened: a link is a web path such as /post/{id}. */
function sameOriginLink(link) {
  try {
    const url = new URL(
      typeof link === 'string' && link ? link : '/notifications',
      self.location.origin,
    );
    return url.origin === self.location.origin
      ? url.href
      : new URL('/notifications', self.location.origin).href;
  } catch {
    return new URL('/notifications', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
      renotify: Boolean(payload.tag),
      icon: '/icon-192.png',
      data: { link: sameOriginLink(payload.link) },
    }),
  );
});

/** A click focuses a tab of the app already open and takes it to the link, or opens one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginLink(event.notification.data && event.notification.data.link);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        const focused = await tab.focus();
        if ('navigate' in focused) {
          try {
            return await focused.navigate(target);
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: open a new one instead.
          }
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
