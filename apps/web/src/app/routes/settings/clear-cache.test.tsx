import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { renderRoute, sessions } from '@/test/render';
import { settingsFixture, stubApi } from '@/features/settings/testing/stub-api';

// Each page is a lazy chunk: its first render here can take seconds on a busy machine.
configure({ asyncUtilTimeout: 8000 });

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

const estimate = vi.fn();
const cacheNames = ['otakura-shell-v1', 'otakura-fonts'];
const cachesStub = {
  keys: vi.fn(async () => [...cacheNames]),
  delete: vi.fn(async () => true),
};
const idbDatabases = vi.fn(async () => [{ name: 'otakura-drafts', version: 1 }]);
const idbDelete = vi.fn(() => {
  const request: { onsuccess?: () => void } = {};
  setTimeout(() => request.onsuccess?.());
  return request;
});

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  stubApi({
    'GET /api/me/settings': settingsFixture(),
    'GET /api/me/blocks': { items: [], nextCursor: null },
  });
  vi.stubGlobal('caches', cachesStub);
  vi.stubGlobal('indexedDB', { databases: idbDatabases, deleteDatabase: idbDelete });
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('Clear cache', () => {
  it("shows the browser's real estimate, clears everything but the theme and language, and measures again", async () => {
    estimate.mockResolvedValueOnce({ usage: 27_604_000, quota: 1e9 });
    estimate.mockResolvedValueOnce({ usage: 120_000, quota: 1e9 });
    localStorage.setItem('otakura.theme', 'light');
    localStorage.setItem('otakura.language', 'en');
    localStorage.setItem('otakura.search.shop', 'figure');
    localStorage.setItem('otakura.cart', '[]');
    sessionStorage.setItem('scroll', '120');

    const { user } = renderRoute('/content');
    expect(await screen.findByText('27.60 MB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear the cache?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cache' }));

    expect(await screen.findByText('Cache cleared')).toBeInTheDocument();
    expect(cachesStub.delete).toHaveBeenCalledWith('otakura-shell-v1');
    expect(cachesStub.delete).toHaveBeenCalledWith('otakura-fonts');
    expect(idbDelete).toHaveBeenCalledWith('otakura-drafts');
    expect(localStorage.getItem('otakura.theme')).toBe('light');
    expect(localStorage.getItem('otakura.language')).toBe('en');
    expect(localStorage.getItem('otakura.search.shop')).toBeNull();
    expect(localStorage.getItem('otakura.cart')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    await waitFor(() => expect(screen.getAllByText('0.12 MB').length).toBeGreaterThan(0));
    // The theme was not touched by clearing.
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('says so when the browser does not estimate storage', async () => {
    Reflect.deleteProperty(navigator, 'storage');
    renderRoute('/content');
    expect(await screen.findByText('This browser does not report it')).toBeInTheDocument();
  });
});
