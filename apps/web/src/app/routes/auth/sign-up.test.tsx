import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, CHALLENGE, mockApi, type Handler } from '@/features/auth/testing/api-mock';
import { solveToHeader } from '@/features/auth/utils/solve-challenge';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
  reloadSession: vi.fn(),
}));
vi.mock('@/features/auth/utils/solve-challenge', () => ({ solveToHeader: vi.fn() }));

const SIGN_UP = 'POST /api/auth/sign-up/email';

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(await screen.findByLabelText('Full name'), 'Aiko Tanaka');
  await user.type(screen.getByLabelText('Username'), 'aiko');
  await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

function setup(signUp: Handler) {
  let solved = 0;
  vi.mocked(solveToHeader).mockImplementation(async () => `solved-${++solved}`);
  const api = mockApi({ 'GET /api/challenge': { body: CHALLENGE }, [SIGN_UP]: signUp });
  return { ...renderRoute('/signUp'), api };
}

describe('sign-up page', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
    vi.mocked(reloadSession).mockImplementation(async () => {
      vi.mocked(useSession).mockReturnValue(sessions.signedIn({ emailVerified: false }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('solves the check in the background, signs up with the four fields and says to check the inbox (no sign-in)', async () => {
    const { user, router, api } = setup({
      body: {
        status: true,
        message: 'Check your inbox: we have sent you an email to finish signing up.',
      },
    });
    // The challenge is fetched as soon as the form shows, before anything is typed.
    await waitFor(() => expect(api.callsTo('GET /api/challenge')).toHaveLength(1));
    await fillAndSubmit(user);

    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(status).toHaveTextContent('We sent an email to aiko@example.com.');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/signUp');
    const [call] = api.callsTo(SIGN_UP);
    expect(call?.body).toEqual({
      name: 'Aiko Tanaka',
      username: 'aiko',
      email: 'aiko@example.com',
      password: 'a-long-password',
    });
    expect(call?.headers['x-altcha']).toBe('solved-1');
    expect(reloadSession).not.toHaveBeenCalled();
  });

  it('puts validation_error details under their fields and shows an alert, staying on the page', async () => {
    const { user, router } = setup(
      apiError(400, 'validation_error', 'Username may only use letters, digits, _ and .', {
        details: [
          { path: 'username', message: 'Username may only use letters, digits, _ and .' },
          { path: 'password', message: 'Password must be at least 8 characters.' },
          { path: 'name', message: 'Please enter your full name.' },
        ],
      }),
    );
    await fillAndSubmit(user);

    const username = await screen.findByLabelText('Username');
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        'Username may only use letters, digits, _ and .',
      ),
    );
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters.',
    );
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'Please enter your full name.',
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form')!;
    expect(
      within(form)
        .getAllByRole('alert')
        .some((a) => a.textContent === 'Please correct the fields marked below.'),
    ).toBe(true);
    expect(router.state.location.pathname).toBe('/signUp');
    expect(reloadSession).not.toHaveBeenCalled();
  });

  it('marks a taken username on its field, with the message in the alert and a toast', async () => {
    const { user } = setup(
      apiError(409, 'username_taken', 'That username is already taken. Please try another.'),
    );
    await fillAndSubmit(user);
    const message = 'That username is already taken. Please try another.';
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(message),
    );
    // Error area and toast (spec: "On failure it shows an alert with the error message").
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(3));
  });

  it('retries once with a fresh challenge when the server refuses the first one', async () => {
    let attempts = 0;
    const { user, api } = setup(() =>
      ++attempts === 1
        ? apiError(400, 'challenge_failed', 'Please complete the check and try again.')
        : { body: { status: true, message: 'Check your inbox.' } },
    );
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(api.callsTo(SIGN_UP).map((c) => c.headers['x-altcha'])).toEqual([
      'solved-1',
      'solved-2',
    ]);
  });

  it('says so when the server cannot be reached', async () => {
    const { user } = setup('network-error');
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => a.textContent?.startsWith('It seems you internet connection is unstable.')),
      ).toBe(true),
    );
  });
});
