import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The startup as main.tsx runs it (app.tsx): the session check first, the router in the next
 * task, the loading screen until the session and the page's code and words are in, then the page
 * in one render. Each test loads app.tsx afresh (a page's code is then not loaded yet).
 */
describe('startup', () => {
  let signedIn = false;

  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/api/auth/get-session'))
          return new Response(
            signedIn
              ? JSON.stringify({
                  session: { id: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z' },
                  user: { id: 'u1', name: 'Aiko', email: 'aiko@example.com' },
                })
              : 'null',
            { headers: { 'content-type': 'application/json' } },
          );
        return new Response('{}', { status: 404 });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  async function start(path: string) {
    window.history.replaceState(null, '', path);
    const { i18nReady } = await import('@/lib/i18n');
    const { startNetwork, createApp } = await import('./app');
    startNetwork();
    await i18nReady;
    const App = createApp();
    // Every loading screen the visitor sees on the way to the page.
    const loadingScreens: Element[] = [];
    const observer = new MutationObserver(() => {
      for (const el of document.querySelectorAll('.loading-screen'))
        if (!loadingScreens.includes(el)) loadingScreens.push(el);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const utils = render(<App />);
    return { ...utils, loadingScreens, stop: () => observer.disconnect() };
  }

  it('shows one loading screen, then the page in one go (it never suspends on the way)', async () => {
    const { loadingScreens, stop } = await start('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    stop();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(loadingScreens).toHaveLength(1);
  });

  it('sends a signed-out visitor on a page that needs an account to /login', async () => {
    await start('/cart');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('opens a signed-in user’s page', async () => {
    signedIn = true;
    await start('/your-account');
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument(),
    );
    expect(window.location.pathname).toBe('/your-account');
    signedIn = false;
  });
});
