import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, CHALLENGE, mockApi, type Handler } from '@/features/auth/testing/api-mock';
import { solveToHeader } from '@/features/auth/utils/solve-challenge';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/utils/solve-challenge', () => ({ solveToHeader: vi.fn() }));

const RESET = 'POST /api/auth/request-password-reset';
const NEUTRAL = "If an account exists for that email, we've sent a link to reset the password.";

async function submit(user: ReturnType<typeof renderRoute>['user'], email = 'aiko@example.com') {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
}

function setup(reset: Handler) {
  vi.mocked(solveToHeader).mockResolvedValue('solved');
  const api = mockApi({ 'GET /api/challenge': { body: CHALLENGE }, [RESET]: reset });
  return { ...renderRoute('/forgotPassword'), api };
}

describe('forgot password page', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(sessions.signedOut());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a reset link with the solved check and shows the neutral confirmation', async () => {
    const { user, api } = setup({ body: { status: true, message: NEUTRAL } });
    await submit(user);
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    const [call] = api.callsTo(RESET);
    expect(call?.body).toEqual({ email: 'aiko@example.com', redirectTo: '/reset-password' });
    expect(call?.headers['x-altcha']).toBe('solved');
  });

  it('shows the same confirmation when the request is refused for any other reason', async () => {
    const { user } = setup(apiError(404, 'not_found', 'Not found.'));
    await submit(user, 'nobody@example.com');
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
  });

  it.each([
    [
      'a lost connection',
      'network-error' as const,
      'It seems you internet connection is unstable. Please try again after refreshing the page or checking your internet connection.',
    ],
    [
      'a rate limit',
      apiError(429, 'rate_limited', 'Too many attempts. Try again in 1200 seconds.', {
        retryAfter: 1200,
      }),
      'Too many attempts. Try again in 20 minutes.',
    ],
  ])('reports %s instead', async (_, reply, message) => {
    const { user } = setup(reply);
    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
  });

  it('has a Cancel link to /', async () => {
    setup({ body: { status: true, message: NEUTRAL } });
    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/');
  });
});
