import {
  createElement,
  lazy,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import i18next from 'i18next';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/components/require-auth';
import { RequireRole } from '@/features/auth/components/require-role';
import { PREMIUM_PATH } from '@/lib/product';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };

/** A page: its element and how to start loading it (code and words) before it renders. */
interface LazyPage {
  element: ReactElement;
  preload: () => Promise<unknown>;
}

interface RouteHandle {
  preload?: () => Promise<unknown>;
}

/**
 * Each page is its own chunk, loaded when first visited together with the translation
 * namespaces it names (fetched in parallel, so the page never renders untranslated keys and
 * never waits for a second round trip). A page must name every namespace its code uses:
 * `npm run size` (scripts/check-size.mjs, in CI) fails the build otherwise, because a forgotten
 * one suspends the page while it renders, and suspensions resuming together in a list break
 * Preact's Suspense.
 *
 * A page whose code and words are already in renders at once: `lazy()` alone would suspend it
 * once anyway (its promise settles a microtask later), rendering the layout and the fallback for
 * nothing. Which of the two a mounted page uses is fixed at its mount.
 */
function page(load: () => Promise<PageModule>, namespaces: readonly string[] = []): LazyPage {
  let pending: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), i18next.loadNamespaces([...namespaces])]).then(
      ([module]) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page() {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : <Lazy />;
  }
  return { element: <Page />, preload };
}

/**
 * A route with its own error boundary, so a broken page keeps the layout and the navigation.
 * `wrap` puts a guard around the page.
 */
function route(
  path: string,
  target: LazyPage,
  wrap: (element: ReactElement) => ReactNode = (element) => element,
): RouteObject {
  const handle: RouteHandle = { preload: target.preload };
  return { path, element: wrap(target.element), errorElement: <RouteError />, handle };
}

/**
 * Starts loading the code and words of the matched page (at startup, while the session and the
 * shell's words load, instead of after them). Takes the router's own matches: matching again
 * would flatten and rank every route a second time on the startup path. Resolves when all are
 * in or one failed (the page's own render then shows the error).
 */
export function preloadRoute(matches: readonly { route: RouteObject }[]): Promise<unknown> {
  return Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()),
  ).catch(() => undefined);
}

/** Namespaces of the sign-in pages (`validation` is the shell's: lib/i18n.ts). */
const AUTH_NS = ['auth'];
const LEGAL_NS = ['legal'];

/**
 * The signed-in shell (top bar, sidebar, tab bar, notification bell, live client) is a chunk of
 * its own: a visitor on /login never downloads it. Its words are what it shows everyone; its lazy
 * parts bring their own (the e-mail gate 'auth', the staff entries 'moderation').
 */
const AppShell = page(
  () => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout })),
  ['notifications'],
);
const PublicShell = page(() =>
  import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })),
);

const LoginPage = page(() => import('./routes/auth/login'), AUTH_NS);
const SignUpPage = page(() => import('./routes/auth/sign-up'), AUTH_NS);
const ForgotPasswordPage = page(() => import('./routes/auth/forgot-password'), AUTH_NS);
const ResetPasswordPage = page(() => import('./routes/auth/reset-password'), AUTH_NS);
const PrivacyPolicyPage = page(() => import('./routes/legal/privacy-policy'), LEGAL_NS);

/** Spec §2: public routes. Paths match case-insensitively; both spellings the spec names are listed. */
const publicRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [
      route('/', LoginPage, (element) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>),
      route('/login', LoginPage),
      route('/signUp', SignUpPage),
      route('/SignUp', SignUpPage),
      route('/forgotPassword', ForgotPasswordPage),
      route('/ForgotPassword', ForgotPasswordPage),
      route('/reset-password', ResetPasswordPage),
    ],
  },
  {
    element: PublicShell.element,
    errorElement: <RouteError />,
    handle: { preload: PublicShell.preload } satisfies RouteHandle,
    children: [
      route('/privacy-policy', PrivacyPolicyPage),
      // Spec: /user-agreement shows the same privacy policy page.
      route('/user-agreement', PrivacyPolicyPage),
      route(
        '/terms-and-conditions',
        page(() => import('./routes/legal/terms-and-conditions'), LEGAL_NS),
      ),
    ],
  },
  route(
    '/return',
    page(() => import('./routes/return/return')),
  ),
];

/** Spec §2: protected routes, inside the common layout. */
const protectedRoutes: RouteObject[] = [
  // 'report' comes with the post modal (post-stream.tsx), when the browser is idle.
  route(
    '/feed',
    page(
      () => import('./routes/feed/feed'),
      ['comments', 'communities', 'posts', 'spoilers', 'users'],
    ),
  ),
  route(
    '/user/:userid',
    page(
      () => import('./routes/users/user'),
      ['comments', 'posts', 'report', 'settings', 'spoilers', 'users'],
    ),
  ),
  route(
    '/profile',
    page(
      () => import('./routes/users/profile'),
      ['comments', 'orders', 'posts', 'report', 'spoilers', 'users'],
    ),
  ),
  route(
    '/media',
    page(() => import('./routes/media/media-list'), ['media']),
  ),
  route(
    '/media/:mediaid',
    page(
      () => import('./routes/media/media-detail'),
      ['comments', 'media', 'moments', 'player', 'reader', 'report', 'shop', 'spoilers'],
    ),
  ),
  // Spec: media/comments/{mediaid} shows the same media detail screen.
  route(
    '/media/comments/:mediaid',
    page(
      () => import('./routes/media/media-detail'),
      ['comments', 'media', 'moments', 'player', 'reader', 'report', 'shop', 'spoilers'],
    ),
  ),
  route(
    '/episodes',
    page(() => import('./routes/media/episodes'), ['media', 'moments', 'player', 'reader']),
  ),
  route(
    '/search',
    page(() => import('./routes/communities/search'), ['communities']),
  ),
  route(
    '/community/:communityid',
    page(
      () => import('./routes/communities/community'),
      ['comments', 'communities', 'posts', 'report', 'shop', 'spoilers'],
    ),
  ),
  route(
    '/create-post',
    page(() => import('./routes/posts/create-post'), ['posts', 'spoilers']),
  ),
  route(
    '/post/:postid',
    page(() => import('./routes/posts/post'), ['comments', 'posts', 'report', 'spoilers']),
  ),
  route(
    '/shop',
    page(() => import('./routes/shop/shop'), ['cart', 'shop']),
  ),
  route(
    '/item/:shoppostid',
    page(() => import('./routes/shop/item'), ['cart', 'report', 'shop']),
  ),
  route(
    '/cart',
    page(() => import('./routes/cart/cart'), ['cart']),
  ),
  route(
    '/success',
    page(() => import('./routes/orders/success'), ['orders']),
  ),
  route(
    '/cancel',
    page(() => import('./routes/orders/cancel'), ['orders']),
  ),
  route(
    '/checkout/test/:sessionId',
    page(() => import('./routes/orders/test-checkout'), ['orders']),
  ),
  route(
    '/your-account',
    page(() => import('./routes/settings/your-account'), ['users']),
  ),
  route(
    '/content',
    page(() => import('./routes/settings/content'), ['settings']),
  ),
  route(
    '/accessibility',
    page(() => import('./routes/settings/accessibility'), ['settings']),
  ),
  route(
    PREMIUM_PATH,
    page(() => import('./routes/settings/premium'), ['settings']),
  ),
  route(
    '/purchases',
    page(() => import('./routes/settings/purchases'), ['orders', 'settings']),
  ),
  route(
    '/security',
    page(() => import('./routes/settings/security'), ['auth']),
  ),
  route(
    '/safety-privacy',
    page(() => import('./routes/settings/safety-privacy'), ['settings']),
  ),
  route(
    '/notifications',
    page(() => import('./routes/notifications/notifications'), ['notifications']),
  ),
];

/** Issue 09: the moderation area (moderators and admins). The server checks the role on every route. */
const moderationRoutes: RouteObject[] = [
  route(
    '/moderation',
    page(() => import('./routes/moderation/queue'), ['moderation']),
  ),
  route(
    '/moderation/case/:targetType/:targetId',
    page(() => import('./routes/moderation/case'), ['moderation']),
  ),
  route(
    '/moderation/people',
    page(() => import('./routes/moderation/people'), ['moderation']),
  ),
  route(
    '/moderation/audit',
    page(() => import('./routes/moderation/audit'), ['moderation']),
  ),
];

/** Issue 09: administration (admins only). */
const adminRoutes: RouteObject[] = [
  route(
    '/admin',
    page(() => import('./routes/admin/admin-home'), ['admin']),
  ),
  route(
    '/admin/communities',
    page(() => import('./routes/admin/communities'), ['admin']),
  ),
  route(
    '/admin/communities/new',
    page(() => import('./routes/admin/community-editor'), ['admin']),
  ),
  route(
    '/admin/communities/:communityid',
    page(() => import('./routes/admin/community-editor'), ['admin']),
  ),
  route(
    '/admin/shop',
    page(() => import('./routes/admin/shop-items'), ['admin']),
  ),
  route(
    '/admin/shop/new',
    page(() => import('./routes/admin/shop-item-editor'), ['admin']),
  ),
  route(
    '/admin/shop/:itemid',
    page(() => import('./routes/admin/shop-item-editor'), ['admin']),
  ),
  route(
    '/admin/orders',
    page(() => import('./routes/admin/orders'), ['admin']),
  ),
  route(
    '/admin/media',
    page(() => import('./routes/admin/media'), ['admin', 'media-admin']),
  ),
  route(
    '/admin/media/new',
    page(() => import('./routes/admin/media-editor'), ['admin', 'media-admin']),
  ),
  route(
    '/admin/media/:mediaid',
    page(() => import('./routes/admin/media-editor'), ['admin', 'media-admin']),
  ),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth>{AppShell.element}</RequireAuth>,
        errorElement: <RouteError />,
        handle: { preload: AppShell.preload } satisfies RouteHandle,
        children: [
          ...protectedRoutes,
          {
            element: (
              <RequireRole roles={['moderator', 'admin']}>
                <Outlet />
              </RequireRole>
            ),
            children: moderationRoutes,
          },
          {
            element: (
              <RequireRole roles={['admin']}>
                <Outlet />
              </RequireRole>
            ),
            children: adminRoutes,
          },
        ],
      },
      route(
        '*',
        page(() => import('./routes/not-found')),
      ),
    ],
  },
];

const PUBLIC_PATHS = new Set([
  '/',
  '/login',
  '/signup',
  '/forgotpassword',
  '/reset-password',
  '/privacy-policy',
  '/user-agreement',
  '/terms-and-conditions',
  '/return',
]);

/** Pages a signed-out visitor may see (a 401 there must not bounce them to /login). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/\/+$/, '').toLowerCase() || '/');
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
