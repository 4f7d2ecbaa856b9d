import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  apiError,
  EMPTY_PAGE,
  makeMe,
  makeProfile,
  makeSummary,
  mockApi,
} from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

// The pages are lazy chunks: load them once up front so the first test is not slowed by it.
beforeAll(async () => {
  await Promise.all([import('./user'), import('./profile')]);
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function counts() {
  return within(screen.getByRole('list', { name: 'Profile counts' }));
}

describe('/user/:userid', () => {
  it("shows the banner, avatar, @username, 'No Description Yet' when the bio is null, counts and a back button", async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile({ bio: null }) },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
    });
    renderRoute('/user/user-2');

    expect(await screen.findByRole('heading', { level: 1, name: '@kenji' })).toBeInTheDocument();
    expect(screen.getByText('No Description Yet')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Kenji Mori' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(counts().getByText('Posts')).toBeInTheDocument();
    expect(counts().getByRole('button', { name: /41\s*Followers/ })).toBeInTheDocument();
    expect(counts().getByRole('button', { name: /7\s*Following/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @kenji' })).toHaveTextContent('Follow');
    // Other people's profiles cannot be edited.
    expect(screen.queryByRole('button', { name: 'Upload banner picture' })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter a bio!')).not.toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('shows the bio when there is one', async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile({ bio: 'I draw robots.' }) },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
    });
    renderRoute('/user/user-2');
    expect(await screen.findByText('I draw robots.')).toBeInTheDocument();
    expect(screen.queryByText('No Description Yet')).not.toBeInTheDocument();
  });

  it("redirects the signed-in user's own id to /profile without asking for it", async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    const { router } = renderRoute('/user/user-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: '@aiko' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/users/user-1?'))).toBe(false);
    expect(calls.some((c) => c.path === '/api/users/user-1')).toBe(false);
  });

  it('redirects to /profile when the server says the profile is the viewer (isSelf)', async () => {
    mockApi({
      'GET /api/users/other-spelling': { body: makeProfile({ id: 'user-1', isSelf: true }) },
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
    });
    const { router } = renderRoute('/user/other-spelling');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('shows a not-found state for an unknown user', async () => {
    mockApi({
      'GET /api/users/nobody': apiError(404, 'user_not_found', 'That user does not exist.'),
    });
    renderRoute('/user/nobody');
    expect(
      await screen.findByRole('heading', { level: 1, name: "This user doesn't exist" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/feed');
  });

  it('follows and unfollows for real: the button and the follower count change, PUT then DELETE', async () => {
    let following = false;
    let followers = 41;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      'GET /api/users/user-2': () => ({
        body: makeProfile({ isFollowing: following, followerCount: followers }),
      }),
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
      'PUT /api/users/user-2/follow': async () => {
        await gate;
        following = true;
        followers = 42;
        return { body: { following: true, followerCount: 42 } };
      },
      'DELETE /api/users/user-2/follow': () => {
        following = false;
        followers = 41;
        return { body: { following: false, followerCount: 41 } };
      },
    });
    const { user } = renderRoute('/user/user-2');

    await user.click(await screen.findByRole('button', { name: 'Follow @kenji' }));
    // Optimistic: before the server answers.
    expect(screen.getByRole('button', { name: 'Unfollow @kenji' })).toHaveTextContent('Unfollow');
    expect(counts().getByRole('button', { name: /42\s*Followers/ })).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Unfollow @kenji' }));
    expect(await screen.findByRole('button', { name: 'Follow @kenji' })).toBeInTheDocument();
    expect(counts().getByRole('button', { name: /41\s*Followers/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/users/user-2/follow').map((c) => c.method),
      ).toEqual(['PUT', 'DELETE']),
    );
  });

  it('rolls the follow back and says so when the server refuses', async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile({ followerCount: 41 }) },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
      'PUT /api/users/user-2/follow': apiError(404, 'user_not_found', 'That user does not exist.'),
    });
    const { user } = renderRoute('/user/user-2');

    await user.click(await screen.findByRole('button', { name: 'Follow @kenji' }));
    expect(await screen.findByText('Could not follow. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @kenji' })).toBeInTheDocument();
    expect(counts().getByRole('button', { name: /41\s*Followers/ })).toBeInTheDocument();
  });

  it('lists followers in a modal, each linking to their profile', async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile() },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
      'GET /api/users/user-2/followers': {
        body: {
          items: [makeSummary(), makeSummary({ id: 'user-4', username: 'rin', name: 'Rin' })],
          nextCursor: null,
        },
      },
    });
    const { user } = renderRoute('/user/user-2');
    await user.click(await screen.findByRole('button', { name: /Followers/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('link', { name: /Hana Sato\s*@hana/ })).toHaveAttribute(
      'href',
      '/user/user-3',
    );
    expect(within(dialog).getByRole('link', { name: /Rin\s*@rin/ })).toHaveAttribute(
      'href',
      '/user/user-4',
    );
  });

  it('blocks after confirmation: the profile says so at once, offers Unblock, and hides Follow and the posts', async () => {
    let blocked = false;
    const { calls } = mockApi({
      'GET /api/users/user-2': { body: makeProfile() },
      'GET /api/users/user-2/posts': {
        body: { items: [], nextCursor: null },
      },
      'GET /api/users/user-2/block': () => ({ body: { blocked } }),
      'PUT /api/users/user-2/block': () => {
        blocked = true;
        return { body: { blocked: true } };
      },
      'DELETE /api/users/user-2/block': () => {
        blocked = false;
        return { body: { blocked: false } };
      },
    });
    const { user } = renderRoute('/user/user-2');

    await user.click(await screen.findByRole('button', { name: 'Block @kenji' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block @kenji?' });
    // Cancel changes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Block @kenji' }));
    const again = await screen.findByRole('alertdialog', { name: 'Block @kenji?' });
    await user.click(within(again).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('heading', { name: 'You blocked @kenji' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock @kenji' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow @kenji/ })).not.toBeInTheDocument();
    expect(screen.queryByText('No posts yet')).not.toBeInTheDocument();
    expect(
      calls.filter((c) => c.path === '/api/users/user-2/block' && c.method === 'PUT'),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unblock @kenji' }));
    const unblock = await screen.findByRole('alertdialog', { name: 'Unblock @kenji?' });
    await user.click(within(unblock).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block @kenji' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You blocked @kenji' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @kenji' })).toBeInTheDocument();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('opens a blocked profile with the notice and Unblock', async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile() },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
      'GET /api/users/user-2/block': { body: { blocked: true } },
    });
    renderRoute('/user/user-2');
    expect(await screen.findByRole('button', { name: 'Unblock @kenji' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You blocked @kenji' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow @kenji/ })).not.toBeInTheDocument();
  });

  it('keeps the dialog open and says why when blocking fails', async () => {
    mockApi({
      'GET /api/users/user-2': { body: makeProfile() },
      'GET /api/users/user-2/posts': { body: EMPTY_PAGE },
      'GET /api/users/user-2/block': { body: { blocked: false } },
      'PUT /api/users/user-2/block': apiError(404, 'user_not_found', 'That user does not exist.'),
    });
    const { user } = renderRoute('/user/user-2');
    await user.click(await screen.findByRole('button', { name: 'Block @kenji' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block @kenji?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Could not block @kenji.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Block @kenji?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You blocked @kenji' })).not.toBeInTheDocument();
  });
});
