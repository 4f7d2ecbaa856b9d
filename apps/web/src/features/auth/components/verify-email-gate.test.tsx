import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession } from '@/features/auth/api/auth-client';
import { renderRoute, sessions } from '@/test/render';
import { apiError, mockApi, type Handler, type MockCall } from '../testing/api-mock';
import { mockSessionStore } from '../testing/session-store';
import { VERIFY_POLL_MS } from './verify-email-modal';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
  reloadSession: vi.fn(),
}));

const SEND = 'POST /api/auth/send-verification-email';
const isAutomatic = (call: MockCall) => (call.body as { automatic?: boolean }).automatic === true;
let userCount = 0;

function setup(send: Handler) {
  // A new account per test: the automatic mail goes once per account and page load.
  const id = `unverified-${++userCount}`;
  const unverified = sessions.signedIn({ id, emailVerified: false, email: `${id}@example.com` });
  const store = mockSessionStore(unverified);
  const api = mockApi({ [SEND]: send });
  const view = renderRoute('/cart');
  return { ...view, api, store, id, unverified };
}

describe('email verification gate', () => {
  beforeEach(() => {
    vi.mocked(refreshSession).mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('blocks the app with a modal that cannot be dismissed, and mails a link once on arrival', async () => {
    const { api, id, user } = setup({ body: { status: true, sent: true, retryAfter: 0 } });
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    expect(dialog).toHaveTextContent(`${id}@example.com`);
    expect(within(dialog).getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Verify Your Email Address' })).toBeInTheDocument();

    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    expect(api.callsTo(SEND)[0]?.body).toEqual({
      email: `${id}@example.com`,
      callbackURL: '/feed',
      automatic: true,
    });
  });

  it('asks for the automatic mail once on arrival and, when one went out recently, counts the wait down on a disabled button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = setup({ body: { status: true, sent: false, retryAfter: 83 } });
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    expect(api.callsTo(SEND)[0]?.body).toMatchObject({ automatic: true });
    const button = await within(dialog).findByRole('button', { name: 'Resend in 1:23' });
    expect(button).toBeDisabled();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(within(dialog).getByRole('button', { name: 'Resend in 1:22' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(dialog).getByRole('button', { name: 'Resend in 0:22' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(22_000);
    });
    expect(within(dialog).getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
    // Nothing more was asked of the server while it waited.
    expect(api.callsTo(SEND)).toHaveLength(1);
  });

  it('after a resend, waits out the cooldown the server gives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = setup((call) =>
      isAutomatic(call)
        ? { body: { status: true, sent: false, retryAfter: 0 } }
        : { body: { status: true, sent: true, retryAfter: 180 } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 3:00' })).toBeDisabled();
    expect(api.callsTo(SEND)[1]?.body).toEqual({
      email: expect.stringContaining('@example.com'),
      callbackURL: '/feed',
    });
  });

  it('turns a 429 on Resend into the countdown', async () => {
    const { api, user } = setup((call) =>
      isAutomatic(call)
        ? { body: { status: true, sent: false, retryAfter: 0 } }
        : apiError(429, 'rate_limited', 'Too many attempts. Try again in 2 minutes 50 seconds.', {
            retryAfter: 170,
          }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 2:50' })).toBeDisabled();
  });

  it('confirms a resent mail', async () => {
    const { user } = setup({ body: { status: true, sent: true, retryAfter: 0 } });
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'A new verification email is on its way.',
    );
  });

  it('goes away without a reload once the session says the email is verified (on focus)', async () => {
    const { store, id } = setup({ body: { status: true, sent: true, retryAfter: 0 } });
    await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    vi.mocked(refreshSession).mockImplementation(() =>
      store.set(sessions.signedIn({ id, emailVerified: true })),
    );

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('checks the session every 5 seconds while it waits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ body: { status: true, sent: true, retryAfter: 0 } });
    await screen.findByRole('dialog', { name: 'Verify Your Email Address' });
    vi.mocked(refreshSession).mockClear();

    act(() => {
      vi.advanceTimersByTime(VERIFY_POLL_MS * 2 + 10);
    });
    expect(vi.mocked(refreshSession).mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('is not shown to a verified user', async () => {
    mockSessionStore(sessions.signedIn());
    mockApi({});
    renderRoute('/cart');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
