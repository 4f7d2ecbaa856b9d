import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, mockApi } from '@/features/auth/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
  reloadSession: vi.fn(),
}));

const RESET = 'POST /api/auth/reset-password';

async function fill(user: ReturnType<typeof renderRoute>['user'], a: string, b = a) {
  await user.type(await screen.findByLabelText('New password'), a);
  await user.type(screen.getByLabelText('Confirm new password'), b);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sets the new password with the token, then opens /login with a notice', async () => {
    const api = mockApi({ [RESET]: { body: { status: true } } });
    const { user, router } = renderRoute('/reset-password?token=tok123');
    await fill(user, 'new-password-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo(RESET)[0]?.body).toEqual({ newPassword: 'new-password-1', token: 'tok123' });
    // The notice is the login form's status line (the page has other, empty, live regions).
    expect(
      await screen.findByText('Your password has been changed. Log in with your new password.'),
    ).toHaveAttribute('role', 'status');
  });

  it('asks for the same password twice', async () => {
    const api = mockApi({ [RESET]: { body: { status: true } } });
    const { user } = renderRoute('/reset-password?token=tok123');
    await fill(user, 'new-password-1', 'new-password-2');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s message for a password it refuses', async () => {
    mockApi({
      [RESET]: apiError(400, 'validation_error', 'Password must be at least 8 characters.', {
        details: [{ path: 'newPassword', message: 'Password must be at least 8 characters.' }],
      }),
    });
    const { user } = renderRoute('/reset-password?token=tok123');
    await fill(user, 'short');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password must be at least 8 characters.',
      ),
    );
  });

  it.each([
    ['/reset-password?error=INVALID_TOKEN', 'This link is invalid or has already been used.'],
    ['/reset-password?error=TOKEN_EXPIRED', 'This link has expired. Please ask for a new one.'],
    ['/reset-password', 'This link is invalid or has already been used.'],
  ])('%s explains the link cannot be used and offers a new one', async (path, message) => {
    mockApi({});
    renderRoute(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );
  });

  it('switches to the explanation when the server says the link was already used', async () => {
    mockApi({ [RESET]: apiError(400, 'invalid_token', 'x') });
    const { user } = renderRoute('/reset-password?token=used');
    await fill(user, 'new-password-1');
    expect(await screen.findByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
