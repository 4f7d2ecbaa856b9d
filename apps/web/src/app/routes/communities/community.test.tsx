import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { COMMUNITY_ID, makeCommunity } from '@/features/communities/testing/fixtures';
import { apiError, EMPTY_PAGE, mockApi } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./community');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = `/community/${COMMUNITY_ID}`;
const API = `/api/communities/${COMMUNITY_ID}`;

function counts() {
  return within(screen.getByRole('list', { name: 'Community counts' }));
}

describe('/community/:communityid', () => {
  it("shows 'Loading...', then the image, name, counts, About, Follow and the posts", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      [`GET ${API}`]: async () => {
        await gate;
        return { body: makeCommunity() };
      },
      [`GET ${API}/posts`]: { body: EMPTY_PAGE },
    });
    renderRoute(PATH);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mecha Lovers' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mecha Lovers' })).toBeInTheDocument();
    expect(counts().getByText('12')).toBeInTheDocument();
    expect(counts().getByText('Posts')).toBeInTheDocument();
    expect(counts().getByText('1.2k')).toBeInTheDocument();
    expect(counts().getByText('Members')).toBeInTheDocument();
    expect(screen.getByText('Giant robots, every day.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Mecha Lovers' })).toHaveTextContent('Follow');
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('follows and unfollows: button and Members count change, PUT then DELETE', async () => {
    let member = false;
    let members = 1234;
    const { calls } = mockApi({
      [`GET ${API}`]: () => ({ body: makeCommunity({ isMember: member, memberCount: members }) }),
      [`GET ${API}/posts`]: { body: EMPTY_PAGE },
      [`PUT ${API}/membership`]: () => {
        member = true;
        members = 1235;
        return { body: { isMember: true, memberCount: 1235 } };
      },
      [`DELETE ${API}/membership`]: () => {
        member = false;
        members = 1234;
        return { body: { isMember: false, memberCount: 1234 } };
      },
    });
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Follow Mecha Lovers' }));
    const unfollow = await screen.findByRole('button', { name: 'Unfollow Mecha Lovers' });
    expect(unfollow).toHaveTextContent('Unfollow');
    expect(screen.getByTestId('member-count')).toHaveTextContent('1.2k');
    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: 'Follow Mecha Lovers' })).toBeInTheDocument();
    const methods = calls.filter((c) => c.path.endsWith('/membership')).map((c) => c.method);
    expect(methods).toEqual(['PUT', 'DELETE']);
  });

  it('changes the count at once and rolls back with a toast when the server refuses', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      [`GET ${API}`]: { body: makeCommunity({ memberCount: 41 }) },
      [`GET ${API}/posts`]: { body: EMPTY_PAGE },
      [`PUT ${API}/membership`]: async () => {
        await gate;
        return apiError(500, 'internal_error', 'Server exploded.');
      },
    });
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Follow Mecha Lovers' }));
    // Optimistic.
    expect(
      await screen.findByRole('button', { name: 'Unfollow Mecha Lovers' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('member-count')).toHaveTextContent('42');
    release();
    expect(await screen.findByRole('button', { name: 'Follow Mecha Lovers' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('member-count')).toHaveTextContent('41'));
    expect(await screen.findByText('Could not follow. Please try again.')).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown id', async () => {
    mockApi({
      'GET /api/communities/nope': apiError(404, 'community_not_found', 'Community not found.'),
    });
    renderRoute('/community/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: "This community doesn't exist" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search communities' })).toHaveAttribute(
      'href',
      '/search',
    );
  });
});
