import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Settings, UpdateSettingsInput } from '@otakura/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import i18n from '@/lib/i18n';
import { renderRoute, sessions } from '@/test/render';
import { mergeSettings } from '@/features/settings/api/update-settings';
import { appConfigFixture, settingsFixture, stubApi } from '@/features/settings/testing/stub-api';

// Each page is a lazy chunk: its first render here can take seconds on a busy machine.
configure({ asyncUtilTimeout: 8000 });

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

const noBlocks = { items: [], nextCursor: null };

/** GET and PATCH /me/settings over one stored value, as the server does. */
function settingsApi(initial: Partial<Settings> = {}) {
  let current = settingsFixture(initial);
  return {
    'GET /api/me/settings': () => current,
    'PATCH /api/me/settings': (body: unknown) => {
      current = mergeSettings(current, body as UpdateSettingsInput);
      return current;
    },
  };
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('/accessibility', () => {
  it('toggles the theme and keeps it in localStorage', async () => {
    stubApi({ 'GET /api/me/settings': settingsFixture() });
    const { user } = renderRoute('/accessibility');
    const toggle = await screen.findByRole('switch', { name: 'Dark theme' });
    expect(toggle).toBeChecked();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem('otakura.theme')).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('switches to Japanese: the page renders in Japanese, the choice is stored here and on the account', async () => {
    const calls = stubApi({
      ...settingsApi(),
    });
    const { user } = renderRoute('/accessibility');
    await user.click(await screen.findByRole('radio', { name: '日本語' }));

    expect(await screen.findByRole('heading', { level: 2, name: '言語' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'ダークテーマ' })).toBeInTheDocument();
    expect(localStorage.getItem('otakura.language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/me/settings',
        body: { language: 'ja' },
      }),
    );

    // Automatic forgets the choice and follows the browser again (English in jsdom).
    await user.click(screen.getByRole('radio', { name: '自動' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Language' })).toBeInTheDocument();
    expect(localStorage.getItem('otakura.language')).toBeNull();
  });

  it('overrides reduced motion on this device and marks <html>', async () => {
    stubApi({ 'GET /api/me/settings': settingsFixture() });
    const { user } = renderRoute('/accessibility');
    expect(await screen.findByRole('radio', { name: 'Follow my system' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Reduce motion' }));
    expect(localStorage.getItem('otakura.reducedMotion')).toBe('on');
    expect(document.documentElement).toHaveAttribute('data-reduced-motion', 'reduce');

    await user.click(screen.getByRole('radio', { name: 'Follow my system' }));
    expect(localStorage.getItem('otakura.reducedMotion')).toBeNull();
    expect(document.documentElement).toHaveAttribute('data-reduced-motion', 'no-preference');
  });

  it('asks for a rating once: rating marks it seen on the server and says thanks', async () => {
    const calls = stubApi({
      ...settingsApi(),
    });
    const { user } = renderRoute('/accessibility');
    const card = (await screen.findByRole('heading', { name: 'Enjoying Otakura?' })).closest(
      'section',
    )!;
    const rate = within(card).getByRole('button', { name: 'Rate' });
    expect(rate).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: '5 stars' }));
    await user.click(rate);

    expect(await screen.findByText(/You gave us 5 stars/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/me/settings',
        body: { ratingPromptSeen: true },
      }),
    );
  });

  it('does not show the rating prompt once seen', async () => {
    stubApi({ 'GET /api/me/settings': settingsFixture({ ratingPromptSeen: true }) });
    renderRoute('/accessibility');
    await screen.findByRole('switch', { name: 'Dark theme' });
    await waitFor(() => expect(screen.queryByText('Enjoying Otakura?')).not.toBeInTheDocument());
  });
});

describe('/content', () => {
  it('keeps the NSFW switch disabled, with the reason, for users who are not 18+', async () => {
    const calls = stubApi({
      'GET /api/me/settings': settingsFixture({ canOptInNsfw: false }),
      'GET /api/me/blocks': noBlocks,
    });
    const { user } = renderRoute('/content');
    const nsfw = await screen.findByRole('switch', { name: 'Show NSFW content' });
    expect(nsfw).toBeDisabled();
    expect(nsfw).toHaveAccessibleDescription('Only members aged 18 or older can turn this on.');
    const card = nsfw.closest('section')!;
    expect(within(card).getByRole('link', { name: 'Your Account' })).toHaveAttribute(
      'href',
      '/your-account',
    );
    await user.click(nsfw);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('turns NSFW on for an adult with PATCH, at once', async () => {
    const calls = stubApi({
      ...settingsApi(),
      'GET /api/me/blocks': noBlocks,
    });
    const { user, queryClient } = renderRoute('/content');
    const nsfw = await screen.findByRole('switch', { name: 'Show NSFW content' });
    expect(nsfw).not.toBeChecked();
    await user.click(nsfw);
    expect(nsfw).toBeChecked();
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PATCH',
        path: '/api/me/settings',
        body: { nsfwOptIn: true },
      }),
    );
    // Other features read it from this cache key.
    await waitFor(() =>
      expect(queryClient.getQueryData(['settings', 'me'])).toMatchObject({ nsfwOptIn: true }),
    );
  });

  it('puts a switch back and says why when the server refuses', async () => {
    stubApi({
      'GET /api/me/settings': settingsFixture(),
      'GET /api/me/blocks': noBlocks,
      'PATCH /api/me/settings': {
        status: 403,
        body: { error: { code: 'nsfw_requires_adult', message: 'You must be 18 or older.' } },
      },
    });
    const { user } = renderRoute('/content');
    const nsfw = await screen.findByRole('switch', { name: 'Show NSFW content' });
    await user.click(nsfw);
    expect(await screen.findByText('Could not save that change.')).toBeInTheDocument();
    await waitFor(() => expect(nsfw).not.toBeChecked());
  });

  it('saves notification and sort preferences', async () => {
    const calls = stubApi({
      ...settingsApi(),
      'GET /api/me/blocks': noBlocks,
    });
    const { user } = renderRoute('/content');
    await user.click(await screen.findByRole('switch', { name: 'Likes' }));
    await user.click(screen.getByRole('radio', { name: 'Top' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { notifications: { likes: false } },
        { defaultSort: 'top' },
      ]),
    );
  });

  it('offers no direct-messages setting while direct messages do not exist', async () => {
    stubApi({ ...settingsApi(), 'GET /api/me/blocks': noBlocks });
    renderRoute('/content');
    expect(await screen.findByRole('switch', { name: 'Likes' })).toBeInTheDocument();
    expect(screen.queryByText(/direct message/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Nobody' })).not.toBeInTheDocument();
  });

  it('lists blocked users and unblocks one', async () => {
    const calls = stubApi({
      'GET /api/me/settings': settingsFixture(),
      'GET /api/me/blocks': {
        items: [
          {
            id: 'u-2',
            username: 'rival',
            name: 'Rival Kun',
            avatarUrl: null,
            blockedAt: '2025-03-01T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
      'DELETE /api/users/u-2/block': { blocked: false },
    });
    const { user } = renderRoute('/content');
    await user.click(await screen.findByRole('button', { name: 'Unblock @rival' }));
    expect(await screen.findByText('@rival is unblocked')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/api/users/u-2/block',
      body: undefined,
    });
  });

  it('shows an empty state without blocked users', async () => {
    stubApi({ 'GET /api/me/settings': settingsFixture(), 'GET /api/me/blocks': noBlocks });
    renderRoute('/content');
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});

describe('/otakura-premium', () => {
  it('shows the configured monthly price and the button Disabled', async () => {
    stubApi({ 'GET /api/app-config': appConfigFixture({ premiumMonthlyPriceCents: 799 }) });
    renderRoute('/otakura-premium');
    expect(await screen.findByText('$7.99')).toBeInTheDocument();
    expect(screen.getByText('/ month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disabled' })).toBeDisabled();
    expect(screen.getByText('Never see ads')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Otakura Premium' })).toBeInTheDocument();
  });

  it('formats other currencies', async () => {
    stubApi({
      'GET /api/app-config': appConfigFixture({ premiumMonthlyPriceCents: 500, currency: 'jpy' }),
    });
    renderRoute('/otakura-premium');
    expect(await screen.findByText('¥500')).toBeInTheDocument();
  });
});

describe('/purchases and /safety-privacy', () => {
  it('shows no purchases yet with a way to the shop when the server has no orders', async () => {
    const calls = stubApi({ 'GET /api/orders': { items: [], nextCursor: null } });
    renderRoute('/purchases');
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute('href', '/shop');
    expect(calls.some((c) => c.path.startsWith('/api/orders'))).toBe(true);
  });

  it('links the three legal pages and lists blocked users', async () => {
    stubApi({ 'GET /api/me/blocks': noBlocks });
    renderRoute('/safety-privacy');
    expect(await screen.findByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: /User Agreement/ })).toHaveAttribute(
      'href',
      '/user-agreement',
    );
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});
