import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { EMPTY_PAGE, makeMe, mockApi } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  await import('./queue');
}, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
});

function signIn(role: 'user' | 'moderator' | 'admin') {
  vi.mocked(useSession).mockReturnValue(
    sessions.signedIn({ role } as Parameters<typeof sessions.signedIn>[0]),
  );
  return mockApi({
    'GET /api/me': { body: makeMe({ role }) },
    'GET /api/moderation/queue/count': { body: { open: 3, overdue: 1 } },
    'GET /api/moderation/queue': { body: EMPTY_PAGE },
  });
}

const settingsNav = () => screen.getAllByRole('navigation', { name: 'Settings' })[0]!;

describe('the moderation area in the app', () => {
  it('shows a plain user no Moderation link and the staff-only page at /moderation', async () => {
    const { calls } = signIn('user');
    renderRoute('/moderation');
    expect(
      await screen.findByRole('heading', { name: 'This page is for moderators and admins.' }),
    ).toBeInTheDocument();
    expect(
      within(settingsNav()).queryByRole('link', { name: /Moderation/ }),
    ).not.toBeInTheDocument();
    expect(within(settingsNav()).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/moderation'))).toBe(false);
  });

  it('gives moderators the Moderation link with the open count, and no Admin link', async () => {
    signIn('moderator');
    renderRoute('/moderation');
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument();
    const link = await within(settingsNav()).findByRole('link', {
      name: /^Moderation\s*3 open reports$/,
    });
    expect(link).toHaveAttribute('href', '/moderation');
    expect(within(settingsNav()).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Moderation sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Queue', 'People', 'Audit log']);
  });

  it('gives admins the Admin link too', async () => {
    signIn('admin');
    renderRoute('/moderation');
    expect(await within(settingsNav()).findByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(within(settingsNav()).getByRole('link', { name: /^Moderation/ })).toBeInTheDocument();
  });
});
