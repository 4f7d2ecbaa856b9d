import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { urlBase64ToUint8Array } from '@/lib/push';
import { PushRow } from './push-row';

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.test/send/abc';

interface Calls {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(publicKey: string | null) {
  const calls: Calls[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      if (method === 'GET' && url.pathname === '/api/push/key') {
        return new Response(JSON.stringify({ publicKey }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

/** A browser with Web Push: a service worker registration whose push manager the test watches. */
function stubBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
} = {}) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const makeSubscription = () =>
    ({
      endpoint: ENDPOINT,
      options: { applicationServerKey: urlBase64ToUint8Array(KEY).buffer },
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } }),
      unsubscribe,
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription();
  const subscribe = vi.fn(async () => {
    current = makeSubscription();
    return current;
  });
  const registration = {
    pushManager: { getSubscription: vi.fn(async () => current), subscribe },
  };
  vi.stubGlobal('PushManager', class {});
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(),
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe, unsubscribe, notification };
}

function renderRow() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <PushRow />
    </QueryClientProvider>,
  );
  return { user };
}

const pushSwitch = () => screen.getByRole('switch', { name: 'Push notifications on this device' });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Push notifications on this device', () => {
  it('says the browser cannot when it has no Web Push', () => {
    stubApi(KEY);
    renderRow();
    expect(pushSwitch()).toBeDisabled();
    expect(pushSwitch()).toHaveAccessibleDescription(
      'This browser cannot show push notifications.',
    );
  });

  it('says the server has no push when its key is null', async () => {
    stubApi(null);
    stubBrowser();
    renderRow();
    await waitFor(() =>
      expect(pushSwitch()).toHaveAccessibleDescription(
        'Push notifications are not set up on this server.',
      ),
    );
    expect(pushSwitch()).toBeDisabled();
  });

  it('says notifications are blocked when the permission is denied', async () => {
    stubApi(KEY);
    stubBrowser({ permission: 'denied' });
    renderRow();
    await waitFor(() =>
      expect(pushSwitch()).toHaveAccessibleDescription(/Notifications are blocked for this site/),
    );
    expect(pushSwitch()).toBeDisabled();
  });

  it('asks the permission, subscribes with the server’s key and hands the subscription over; off deletes it', async () => {
    const calls = stubApi(KEY);
    const browser = stubBrowser();
    const { user } = renderRow();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushSwitch()).toHaveAttribute('aria-checked', 'false');

    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toHaveAttribute('aria-checked', 'true'));
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(KEY),
    });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/push/subscriptions',
        body: { endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } },
      },
    ]);

    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toHaveAttribute('aria-checked', 'false'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('shows on for a device already subscribed', async () => {
    stubApi(KEY);
    stubBrowser({ permission: 'granted', subscribed: true });
    renderRow();
    await waitFor(() => expect(pushSwitch()).toHaveAttribute('aria-checked', 'true'));
  });

  it('stays off and says so when the browser refuses the permission', async () => {
    const calls = stubApi(KEY);
    const browser = stubBrowser({ answer: 'denied' });
    const { user } = renderRow();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    await waitFor(() =>
      expect(pushSwitch()).toHaveAccessibleDescription(/Notifications are blocked for this site/),
    );
    expect(pushSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
