import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '@/features/auth/components/require-auth';
import { RequireRole } from '@/features/auth/components/require-role';
import { PREMIUM_PATH } from '@/lib/product';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded when first visited. */
function page(load: () => Promise<PageModule>) {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return <Page />;
}

/** A route with its own error boundary, so a broken page keeps the layout and the navigation. */
function route(path: string, element: ReactNode): RouteObject {
  return { path, element, errorElement: <RouteError /> };
}

const LoginPage = () => import('./routes/auth/login');
const SignUpPage = () => import('./routes/auth/sign-up');
const ForgotPasswordPage = () => import('./routes/auth/forgot-password');
const ResetPasswordPage = () => import('./routes/auth/reset-password');
const PrivacyPolicyPage = () => import('./routes/legal/privacy-policy');

/** Spec §2: public routes. Paths match case-insensitively; both spellings the spec names are listed. */
const publicRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [
      route('/', <RedirectIfSignedIn>{page(LoginPage)}</RedirectIfSignedIn>),
      route('/login', page(LoginPage)),
      route('/signUp', page(SignUpPage)),
      route('/SignUp', page(SignUpPage)),
      route('/forgotPassword', page(ForgotPasswordPage)),
      route('/ForgotPassword', page(ForgotPasswordPage)),
      route('/reset-password', page(ResetPasswordPage)),
    ],
  },
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      route('/privacy-policy', page(PrivacyPolicyPage)),
      // Spec: /user-agreement shows the same privacy policy page.
      route('/user-agreement', page(PrivacyPolicyPage)),
      route(
        '/terms-and-conditions',
        page(() => import('./routes/legal/terms-and-conditions')),
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
  route(
    '/feed',
    page(() => import('./routes/feed/feed')),
  ),
  route(
    '/user/:userid',
    page(() => import('./routes/users/user')),
  ),
  route(
    '/profile',
    page(() => import('./routes/users/profile')),
  ),
  route(
    '/media',
    page(() => import('./routes/media/media-list')),
  ),
  route(
    '/media/:mediaid',
    page(() => import('./routes/media/media-detail')),
  ),
  // Spec: media/comments/{mediaid} shows the same media detail screen.
  route(
    '/media/comments/:mediaid',
    page(() => import('./routes/media/media-detail')),
  ),
  route(
    '/episodes',
    page(() => import('./routes/media/episodes')),
  ),
  route(
    '/search',
    page(() => import('./routes/communities/search')),
  ),
  route(
    '/community/:communityid',
    page(() => import('./routes/communities/community')),
  ),
  route(
    '/create-post',
    page(() => import('./routes/posts/create-post')),
  ),
  route(
    '/post/:postid',
    page(() => import('./routes/posts/post')),
  ),
  route(
    '/shop',
    page(() => import('./routes/shop/shop')),
  ),
  route(
    '/item/:shoppostid',
    page(() => import('./routes/shop/item')),
  ),
  route(
    '/cart',
    page(() => import('./routes/cart/cart')),
  ),
  route(
    '/success',
    page(() => import('./routes/orders/success')),
  ),
  route(
    '/cancel',
    page(() => import('./routes/orders/cancel')),
  ),
  route(
    '/checkout/test/:sessionId',
    page(() => import('./routes/orders/test-checkout')),
  ),
  route(
    '/your-account',
    page(() => import('./routes/settings/your-account')),
  ),
  route(
    '/content',
    page(() => import('./routes/settings/content')),
  ),
  route(
    '/accessibility',
    page(() => import('./routes/settings/accessibility')),
  ),
  route(
    PREMIUM_PATH,
    page(() => import('./routes/settings/premium')),
  ),
  route(
    '/purchases',
    page(() => import('./routes/settings/purchases')),
  ),
  route(
    '/security',
    page(() => import('./routes/settings/security')),
  ),
  route(
    '/safety-privacy',
    page(() => import('./routes/settings/safety-privacy')),
  ),
  route(
    '/notifications',
    page(() => import('./routes/notifications/notifications')),
  ),
];

/** Issue 09: the moderation area (moderators and admins). The server checks the role on every route. */
const moderationRoutes: RouteObject[] = [
  route(
    '/moderation',
    page(() => import('./routes/moderation/queue')),
  ),
  route(
    '/moderation/case/:targetType/:targetId',
    page(() => import('./routes/moderation/case')),
  ),
  route(
    '/moderation/people',
    page(() => import('./routes/moderation/people')),
  ),
  route(
    '/moderation/audit',
    page(() => import('./routes/moderation/audit')),
  ),
];

/** Issue 09: administration (admins only). */
const adminRoutes: RouteObject[] = [
  route(
    '/admin',
    page(() => import('./routes/admin/admin-home')),
  ),
  route(
    '/admin/communities',
    page(() => import('./routes/admin/communities')),
  ),
  route(
    '/admin/communities/new',
    page(() => import('./routes/admin/community-editor')),
  ),
  route(
    '/admin/communities/:communityid',
    page(() => import('./routes/admin/community-editor')),
  ),
  route(
    '/admin/shop',
    page(() => import('./routes/admin/shop-items')),
  ),
  route(
    '/admin/shop/new',
    page(() => import('./routes/admin/shop-item-editor')),
  ),
  route(
    '/admin/shop/:itemid',
    page(() => import('./routes/admin/shop-item-editor')),
  ),
  route(
    '/admin/orders',
    page(() => import('./routes/admin/orders')),
  ),
  route(
    '/admin/media',
    page(() => import('./routes/admin/media')),
  ),
  route(
    '/admin/media/new',
    page(() => import('./routes/admin/media-editor')),
  ),
  route(
    '/admin/media/:mediaid',
    page(() => import('./routes/admin/media-editor')),
  ),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        errorElement: <RouteError />,
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
