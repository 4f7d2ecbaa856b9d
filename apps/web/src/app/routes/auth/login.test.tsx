import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, mockApi, type Handler } from '@/features/auth/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
  reloadSession: vi.fn(),
}));

const SIGN_IN = 'POST /api/auth/sign-in/email';
const SIGNED_IN = { body: { token: 't', user: { id: 'user-1' } } };

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'aiko@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

function setup(handler: Handler, path: Parameters<typeof renderRoute>[0] = '/login') {
  const api = mockApi({ [SIGN_IN]: handler });
  const view = renderRoute(path);
  return { ...view, api };
}

describe('login page', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    // The session store learns about the new session: protected pages open.
    vi.mocked(reloadSession).mockImplementation(async () => {
      vi.mocked(useSession).mockReturnValue(sessions.signedIn());
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [
      'a wrong password or unknown account',
      apiError(401, 'invalid_credential', 'Sorry, that email or password is incorrect.'),
      'Sorry, that email or password is incorrect.',
    ],
    [
      'a suspended account',
      apiError(403, 'user_disabled', 'This account has been disabled.'),
      'This account has been disabled.',
    ],
    [
      'a malformed email',
      apiError(400, 'invalid_email', 'Sorry, this is not a valid email.'),
      'Sorry, this is not a valid email. Please enter a valid email address.',
    ],
    [
      'a server failure (5xx)',
      new Response('<html>Bad gateway</html>', { status: 502 }),
      "Sorry, we're having issues on our end, please try again after refreshing the page.",
    ],
    [
      'no connection',
      'network-error' as const,
      'It seems you internet connection is unstable. Please try again after refreshing the page or checking your internet connection.',
    ],
    [
      'too many attempts',
      apiError(429, 'rate_limited', 'Too many attempts. Try again in 42 seconds.', {
        retryAfter: 42,
      }),
      'Too many attempts. Try again in 42 seconds.',
    ],
  ])('shows %s in the error area and stays on /login', async (_, reply, message) => {
    const { user, router, api } = setup(reply);
    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/login');
    expect(reloadSession).not.toHaveBeenCalled();
    expect(api.callsTo(SIGN_IN)[0]?.body).toEqual({
      email: 'aiko@example.com',
      password: 'correct horse',
    });
    // The form is ready for another try.
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('goes to /feed once signed in, after the session store has the new session', async () => {
    const { user, router } = setup(SIGNED_IN);
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(reloadSession).toHaveBeenCalledTimes(1);
  });

  it('goes back to the page the visitor wanted when the sign-in succeeds', async () => {
    const { user, router } = setup(SIGNED_IN, {
      pathname: '/login',
      state: { from: { pathname: '/media/m1', search: '?tab=episodes', hash: '' } },
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/media/m1'));
    expect(router.state.location.search).toBe('?tab=episodes');
  });

  it('submits with Enter and shows a busy button while signing in', async () => {
    let release: (r: Response) => void = () => undefined;
    const { user } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    await user.type(await screen.findByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
    const button = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    release(apiError(401, 'invalid_credential', 'x'));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
  });

  it('shows and hides the password with an accessible toggle', async () => {
    const { user } = setup(SIGNED_IN);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  describe('with two-factor on', () => {
    it('asks for the 6-digit code, then signs in', async () => {
      const api = mockApi({
        [SIGN_IN]: { body: { twoFactorRedirect: true } },
        'POST /api/auth/two-factor/verify-totp': SIGNED_IN,
      });
      const { user, router } = renderRoute('/login');
      await fillAndSubmit(user);

      expect(
        await screen.findByRole('heading', { name: 'Two-factor authentication', level: 1 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      const verify = screen.getByRole('button', { name: 'Verify' });
      const code = screen.getByLabelText('Authentication code');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await user.type(code, '12345');
      expect(verify).toBeDisabled();
      await user.type(code, '6');
      await user.click(verify);

      await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
      expect(api.callsTo('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({
        code: '123456',
        trustDevice: false,
      });
    });

    it('says when the code is wrong and stays', async () => {
      mockApi({
        [SIGN_IN]: { body: { twoFactorRedirect: true } },
        'POST /api/auth/two-factor/verify-totp': apiError(401, 'invalid_code', 'x'),
      });
      const { user, router } = renderRoute('/login');
      await fillAndSubmit(user);
      await user.type(await screen.findByLabelText('Authentication code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'That code is not correct. Check your authenticator app and try again.',
      );
      expect(router.state.location.pathname).toBe('/login');
      expect(reloadSession).not.toHaveBeenCalled();
    });

    it('accepts a backup code instead', async () => {
      const api = mockApi({
        [SIGN_IN]: { body: { twoFactorRedirect: true } },
        'POST /api/auth/two-factor/verify-backup-code': SIGNED_IN,
      });
      const { user, router } = renderRoute('/login');
      await fillAndSubmit(user);
      await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
      await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
      expect(api.callsTo('POST /api/auth/two-factor/verify-backup-code')[0]?.body).toEqual({
        code: 'abcde-12345',
        trustDevice: false,
      });
    });

    it('starts again from the password when the sign-in took too long', async () => {
      mockApi({
        [SIGN_IN]: { body: { twoFactorRedirect: true } },
        'POST /api/auth/two-factor/verify-totp': apiError(401, 'two_factor_expired', 'x'),
      });
      const { user } = renderRoute('/login');
      await fillAndSubmit(user);
      await user.type(await screen.findByLabelText('Authentication code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your sign-in took too long. Please log in again.',
      );
    });
  });

  it('shows the notice after a password reset', async () => {
    mockApi({});
    renderRoute({ pathname: '/login', state: { notice: 'password-reset' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with your new password.',
    );
  });
});
