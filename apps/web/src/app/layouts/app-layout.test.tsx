import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import type * as Push from '@/lib/push';
import { unsubscribeFromPush } from '@/lib/push';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));
vi.mock('@/lib/push', async (importOriginal) => ({
  ...(await importOriginal<typeof Push>()),
  unsubscribeFromPush: vi.fn(),
}));

/** The shell is ready once its navigation shows (pages with data may still be loading). */
async function renderSignedIn(path: string) {
  const result = renderRoute(path);
  await screen.findByRole('navigation', { name: 'Main' });
  return result;
}

describe('app layout', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedIn());
    vi.mocked(unsubscribeFromPush).mockReset().mockResolvedValue(undefined);
    vi.mocked(authClient.signOut).mockResolvedValue({
      data: { success: true },
      error: null,
    } as never);
  });

  describe('top bar', () => {
    it('has the logo link to /feed and icon links with accessible names, the current one marked', async () => {
      await renderSignedIn('/media');
      const banner = screen.getByRole('banner');
      expect(within(banner).getByRole('link', { name: 'Otakura' })).toHaveAttribute(
        'href',
        '/feed',
      );

      const nav = screen.getByRole('navigation', { name: 'Main' });
      const expected: Array<[string, string]> = [
        ['Feed', '/feed'],
        ['Media', '/media'],
        ['Search', '/search'],
        ['Create post', '/create-post'],
        ['Shop', '/shop'],
        ['Profile', '/profile'],
      ];
      for (const [name, href] of expected) {
        expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
      }
      expect(within(nav).getByRole('link', { name: 'Media' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(nav).getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current');
    });

    it.each([
      ['/search', 'Search Communities'],
      ['/media', 'Search For A Series'],
      ['/shop', 'Search Items'],
    ])('shows the search box on %s with the placeholder %s', async (path, placeholder) => {
      await renderSignedIn(path);
      const box = screen.getByRole('searchbox', { name: placeholder });
      expect(box).toHaveAttribute('placeholder', placeholder);
      expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    });

    it.each(['/feed', '/media/m1', '/item/s1', '/profile', '/create-post', '/your-account'])(
      'has no search box on %s',
      async (path) => {
        await renderSignedIn(path);
        expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
      },
    );

    it('keeps the search text in ?q= and the last text in localStorage, restoring it on return', async () => {
      const { user, router, unmount } = await renderSignedIn('/shop');
      await user.type(screen.getByRole('searchbox', { name: 'Search Items' }), 'figure');
      expect(router.state.location.search).toBe('?q=figure');
      expect(localStorage.getItem('otakura.search.shop')).toBe('figure');
      unmount();

      const again = await renderSignedIn('/shop');
      expect(screen.getByRole('searchbox', { name: 'Search Items' })).toHaveValue('figure');
      expect(again.router.state.location.search).toBe('?q=figure');
    });

    it('takes the search text from the URL first', async () => {
      localStorage.setItem('otakura.search.media', 'old');
      await renderSignedIn('/media?q=frieren');
      expect(screen.getByRole('searchbox', { name: 'Search For A Series' })).toHaveValue('frieren');
    });

    it('gains the scrolled style once the page is scrolled', async () => {
      await renderSignedIn('/feed');
      const banner = screen.getByRole('banner');
      expect(banner).not.toHaveClass('topbar--scrolled');
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      expect(banner).toHaveClass('topbar--scrolled');
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      expect(banner).not.toHaveClass('topbar--scrolled');
    });
  });

  describe('sidebar', () => {
    const ENTRIES: Array<[string, string]> = [
      ['Your Account', '/your-account'],
      ['Content', '/content'],
      ['Accessibility Display and Languages', '/accessibility'],
      ['Otakura Premium (never see ads)', '/otakura-premium'],
      ['Purchases', '/purchases'],
      ['Security (enable or disable two-factor)', '/security'],
      ['Privacy and Safety', '/safety-privacy'],
    ];

    it('lists every entry, in order, each with an icon', async () => {
      await renderSignedIn('/feed');
      const nav = screen.getByRole('navigation', { name: 'Settings' });
      const links = within(nav).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(ENTRIES);
      for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
    });

    it('asks before logging out, then signs out and goes to /login', async () => {
      const { user, router } = await renderSignedIn('/feed');
      await user.click(screen.getByRole('button', { name: 'Logout' }));

      const dialog = await screen.findByRole('alertdialog', {
        name: 'Are you sure you want to log out?',
      });
      expect(authClient.signOut).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

      expect(authClient.signOut).toHaveBeenCalledTimes(1);
      // This device's push subscription is dropped first, while the session can still delete it.
      expect(unsubscribeFromPush).toHaveBeenCalledTimes(1);
      expect(vi.mocked(unsubscribeFromPush).mock.invocationCallOrder[0]).toBeLessThan(
        vi.mocked(authClient.signOut).mock.invocationCallOrder[0]!,
      );
      expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    });

    it('stays signed in when the logout question is cancelled', async () => {
      const { user, router } = await renderSignedIn('/feed');
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      // Focus goes back to the button that asked (the dialog's code is loaded on first use).
      await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus());
      expect(authClient.signOut).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/feed');
    });

    it('reports a failed logout and keeps the user where they are', async () => {
      vi.mocked(authClient.signOut).mockResolvedValue({
        data: null,
        error: { message: 'Offline' },
      } as never);
      const { user, router } = await renderSignedIn('/feed');
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('Could not log out. Please try again.')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/feed');
    });

    it('opens as a sheet from the menu button and closes when an entry is chosen', async () => {
      const { user, router } = await renderSignedIn('/feed');
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const sheet = await screen.findByRole('dialog');
      const settings = within(sheet).getByRole('navigation', { name: 'Settings' });
      expect(within(settings).getAllByRole('link')).toHaveLength(ENTRIES.length);
      expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

      await user.click(within(settings).getByRole('link', { name: 'Purchases' }));
      expect(router.state.location.pathname).toBe('/purchases');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('phones', () => {
    beforeEach(() => {
      vi.stubGlobal(
        'matchMedia',
        vi.fn((query: string) => ({
          matches: query === '(max-width: 767.98px)',
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        })),
      );
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('moves the links to a bottom tab bar with short visible labels; the top bar keeps menu, logo and search', async () => {
      const { user, router } = await renderSignedIn('/shop');
      const banner = screen.getByRole('banner');
      expect(within(banner).queryByRole('navigation')).not.toBeInTheDocument();
      expect(within(banner).getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
      expect(within(banner).getByRole('link', { name: 'Otakura' })).toBeInTheDocument();
      expect(within(banner).getByRole('searchbox', { name: 'Search Items' })).toBeInTheDocument();

      // One 'Main' navigation only, outside the top bar.
      const tabs = screen.getByRole('navigation', { name: 'Main' });
      expect(banner).not.toContainElement(tabs);
      const expected: Array<[string, string, string]> = [
        ['Feed', 'Feed', '/feed'],
        ['Media', 'Media', '/media'],
        ['Search', 'Search', '/search'],
        ['Create post', 'Post', '/create-post'],
        ['Shop', 'Shop', '/shop'],
        ['Profile', 'Profile', '/profile'],
      ];
      const links = within(tabs).getAllByRole('link');
      expect(
        links.map((l) => [l.getAttribute('aria-label'), l.textContent, l.getAttribute('href')]),
      ).toEqual(expected);
      expect(within(tabs).getByRole('link', { name: 'Shop' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await user.click(within(tabs).getByRole('link', { name: 'Create post' }));
      expect(router.state.location.pathname).toBe('/create-post');
      await waitFor(() =>
        expect(
          within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
            name: 'Create post',
          }),
        ).toHaveAttribute('aria-current', 'page'),
      );
    });
  });
});
