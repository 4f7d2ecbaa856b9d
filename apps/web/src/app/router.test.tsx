import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { renderRoute, sessions } from '@/test/render';
import { isPublicPath } from './router';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));

const PROTECTED: Array<[string, string]> = [
  ['/feed', 'Feed'],
  ['/user/u42', 'Profile'],
  ['/profile', 'Profile'],
  ['/media', 'Media'],
  ['/media/m1', 'Media'],
  ['/media/comments/m1', 'Media'],
  ['/episodes', 'Episodes'],
  ['/search', 'Communities'],
  ['/community/c1', 'Community'],
  ['/create-post', 'Create Post'],
  ['/post/p1', 'Post'],
  ['/shop', 'Shop'],
  ['/item/s1', 'Item'],
  ['/cart', 'Cart'],
  ['/success', 'Success! Purchase completed'],
  ['/cancel', 'Purchase Canceled'],
  ['/checkout/test/test_cs_1', 'Checkout'],
  ['/your-account', 'Your Account'],
  ['/content', 'Content'],
  ['/accessibility', 'Accessibility Display and Languages'],
  ['/otakura-premium', 'Otakura Premium'],
  ['/purchases', 'Purchases'],
  ['/security', 'Security'],
  ['/safety-privacy', 'Privacy and Safety'],
];

/** Protected pages whose feature is built (their own tests cover the content). */
const BUILT = new Set([
  '/feed',
  '/user/u42',
  '/profile',
  '/create-post',
  '/post/p1',
  '/your-account',
  '/content',
  '/accessibility',
  '/otakura-premium',
  '/purchases',
  '/security',
  '/safety-privacy',
  '/search',
  '/community/c1',
  '/media',
  '/media/m1',
  '/media/comments/m1',
  '/episodes',
  '/shop',
  '/item/s1',
  '/cart',
  '/success',
  '/cancel',
  '/checkout/test/test_cs_1',
]);

describe('routes', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  });

  it('shows Loading... until the sign-in state is known', () => {
    vi.mocked(useSession).mockReturnValue(sessions.pending());
    renderRoute('/feed');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows Loading... on public pages too while the session is pending', () => {
    vi.mocked(useSession).mockReturnValue(sessions.pending());
    renderRoute('/login');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('redirects a signed-out visitor from a protected route to /login, remembering where they were going', async () => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    const { router } = renderRoute('/media/m1?tab=episodes');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/media/m1', search: '?tab=episodes', hash: '' },
    });
  });

  it.each(PROTECTED.map(([path]) => path))('protects %s', async (path) => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    const { router } = renderRoute(path);
    await screen.findByRole('heading', { name: 'Login', level: 1 });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(PROTECTED)(
    'renders %s inside the common layout with its heading',
    async (path, heading) => {
      renderRoute(path);
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      if (BUILT.has(path)) return;
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
      expect(screen.getByText('This section is being built.')).toBeInTheDocument();
    },
  );

  it('/ shows the login page to a signed-out visitor', async () => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('/ redirects a signed-in user to /feed', async () => {
    const { router } = renderRoute('/');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/feed');
  });

  it.each(['/signUp', '/SignUp'])('%s shows sign-up', async (path) => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    renderRoute(path);
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it.each(['/forgotPassword', '/ForgotPassword'])('%s shows forgot password', async (path) => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    renderRoute(path);
    expect(await screen.findByRole('button', { name: 'Forgot Password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/user-agreement', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
  ])('%s is public and shows %s, last updated May 23, 2022', async (path, heading) => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Last updated May 23, 2022')).toBeInTheDocument();
  });

  it('/return shows only the logo, the light logo on the dark theme and the dark one on the light theme', async () => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    const first = renderRoute('/return');
    expect(await screen.findByRole('img', { name: 'Otakura' })).toHaveAttribute(
      'src',
      '/logo-light.svg',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('');
    expect(screen.getByRole('main')).toHaveTextContent('');
    first.unmount();

    localStorage.setItem('otakura.theme', 'light');
    renderRoute('/return');
    expect(await screen.findByRole('img', { name: 'Otakura' })).toHaveAttribute(
      'src',
      '/logo-dark.svg',
    );
  });

  it('shows a friendly not-found page with a link home for unknown paths', async () => {
    renderRoute('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page wandered off.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
  });

  it('knows which paths are public', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/SignUp')).toBe(true);
    expect(isPublicPath('/return/')).toBe(true);
    expect(isPublicPath('/feed')).toBe(false);
  });
});
