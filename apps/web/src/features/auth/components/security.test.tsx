import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import { renderRoute, sessions } from '@/test/render';
import { apiError, mockApi } from '../testing/api-mock';
import { mockSessionStore } from '../testing/session-store';
import { secretOf } from './two-factor-settings';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
  reloadSession: vi.fn(),
}));

const SECRET = 'JBSWY3DPEHPK3PXP';
const TOTP_URI = `otpauth://totp/Otakura:aiko%40example.com?secret=${SECRET}&issuer=Otakura&digits=6&period=30`;
const BACKUP_CODES = ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'];

const SESSIONS = [
  {
    id: 'session-1',
    token: 'tok-1',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  {
    id: 'session-2',
    token: 'tok-2',
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-11-19T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    ipAddress: '198.51.100.4',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  },
];

/** The page's chunk (with the QR code library) can take a moment to load on a busy machine. */
const openPage = () =>
  screen.findByRole('heading', { name: 'Security', level: 1 }, { timeout: 5000 });

function signedIn(twoFactorEnabled: boolean) {
  return sessions.signedIn({ twoFactorEnabled } as never);
}

describe('/security', () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue(signedIn(false));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns two-factor on: password, QR code and key, a code, then the backup codes once', async () => {
    const api = mockApi({
      'GET /api/auth/list-sessions': { body: SESSIONS },
      'POST /api/auth/two-factor/enable': {
        body: { totpURI: TOTP_URI, backupCodes: BACKUP_CODES },
      },
      'POST /api/auth/two-factor/verify-totp': { body: { token: 't', user: { id: 'user-1' } } },
    });
    const store = mockSessionStore(signedIn(false));
    vi.mocked(reloadSession).mockImplementation(async () => store.set(signedIn(true)));
    const { user } = renderRoute('/security');

    await openPage();
    expect(screen.getByText('Two-factor authentication is off.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable two-factor' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code to add Otakura to your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/two-factor/enable')[0]?.body).toEqual({
      password: 'my-password',
    });

    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const list = await screen.findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(BACKUP_CODES);
    expect(api.callsTo('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({
      code: '654321',
    });
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    // Shown once: after "I saved my codes" only the status remains.
    await user.click(screen.getByRole('button', { name: 'I saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Two-factor authentication is on.', { selector: 'p' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('says when the password is wrong', async () => {
    mockApi({
      'GET /api/auth/list-sessions': { body: SESSIONS },
      'POST /api/auth/two-factor/enable': apiError(400, 'wrong_password', 'x'),
    });
    const { user } = renderRoute('/security');
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Enable two-factor' }));
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'That password is not correct.',
      ),
    );
  });

  it('turns two-factor off after the password and a confirmation', async () => {
    vi.mocked(useSession).mockReturnValue(signedIn(true));
    const api = mockApi({
      'GET /api/auth/list-sessions': { body: SESSIONS },
      'POST /api/auth/two-factor/disable': { body: { status: true } },
    });
    const { user } = renderRoute('/security');
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Disable two-factor' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Disable two-factor' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Turn off two-factor authentication?',
    });
    expect(api.callsTo('POST /api/auth/two-factor/disable')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/two-factor/disable')[0]?.body).toEqual({
        password: 'my-password',
      }),
    );
    expect(reloadSession).toHaveBeenCalled();
  });

  it('lists the sessions, marks this one, and signs out another or all the others', async () => {
    const api = mockApi({
      'GET /api/auth/list-sessions': { body: SESSIONS },
      'POST /api/auth/revoke-session': { body: { status: true } },
      'POST /api/auth/revoke-other-sessions': { body: { status: true } },
    });
    const { user } = renderRoute('/security');

    await openPage();
    const region = screen.getByRole('region', { name: "Where you're signed in" });
    const list = await within(region).findByRole('list');
    const [current, other] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome on Linux');
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('203.0.113.7');
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(other).toHaveTextContent('Safari on iOS');
    expect(other).toHaveTextContent('198.51.100.4');

    await user.click(within(other!).getByRole('button', { name: 'Sign out of Safari on iOS' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/revoke-session')[0]?.body).toEqual({ token: 'tok-2' }),
    );

    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign out of every other session?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/revoke-other-sessions')).toHaveLength(1),
    );
  });
});

describe('secretOf', () => {
  it('reads the key from an otpauth URI', () => {
    expect(secretOf(TOTP_URI)).toBe(SECRET);
    expect(secretOf('otpauth://totp/x')).toBe('');
  });
});
