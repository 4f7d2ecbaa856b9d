import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigFixture, stubApi } from '@/features/settings/testing/stub-api';
import { createQueryClient } from './query-client';
import { MobileRedirect } from './mobile-redirect';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const APP_URL = 'https://apps.example/otakura';

/** Only the redirect (the app's providers mount one too, with the real navigation). */
function renderRedirect(navigate: (url: string) => void) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <MobileRedirect navigate={navigate} />
    </QueryClientProvider>,
  );
  return { user, ...utils };
}

function setUserAgent(ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mobile redirect', () => {
  it('opens MOBILE_APP_URL on a phone after 2 s, exactly as configured', async () => {
    setUserAgent(IPHONE);
    stubApi({ 'GET /api/app-config': appConfigFixture({ mobileAppUrl: APP_URL }) });
    const navigate = vi.fn();
    renderRedirect(navigate);

    expect(await screen.findByRole('dialog', { name: 'Get the Otakura app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', APP_URL);
    expect(navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(navigate).toHaveBeenCalledExactlyOnceWith(APP_URL);
  });

  it('never redirects when MOBILE_APP_URL is not set', async () => {
    setUserAgent(IPHONE);
    const calls = stubApi({ 'GET /api/app-config': appConfigFixture({ mobileAppUrl: null }) });
    const navigate = vi.fn();
    renderRedirect(navigate);
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/app-config'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('remembers "Stay on the web" and does not ask again', async () => {
    setUserAgent(IPHONE);
    const calls = stubApi({ 'GET /api/app-config': appConfigFixture({ mobileAppUrl: APP_URL }) });
    const navigate = vi.fn();
    const first = renderRedirect(navigate);
    await first.user.click(await screen.findByRole('button', { name: 'Stay on the web' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('otakura.stayOnWeb')).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(navigate).not.toHaveBeenCalled();
    first.unmount();

    // The next visit: no question, not even a request.
    calls.length = 0;
    renderRedirect(navigate);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('leaves desktop browsers alone without asking the server', async () => {
    setUserAgent(DESKTOP);
    const calls = stubApi({ 'GET /api/app-config': appConfigFixture({ mobileAppUrl: APP_URL }) });
    const navigate = vi.fn();
    renderRedirect(navigate);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(navigate).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
