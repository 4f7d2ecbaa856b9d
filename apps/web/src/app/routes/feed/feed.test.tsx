import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makePost, mockApi, page } from '@/features/posts/testing/posts-mock';
import { makeMe } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

// A busy 2-core machine renders the first route slowly.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await import('./feed');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY = { items: [], nextCursor: null };

describe('/feed', () => {
  it('shows the grid in the layout and composes the comments panel into the post modal', async () => {
    const first = makePost({ title: 'First in the feed' });
    const second = makePost({ title: 'Second in the feed' });
    mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': page([first, second]),
      [`GET /api/posts/${first.id}/comments`]: EMPTY,
      [`GET /api/posts/${second.id}/comments`]: EMPTY,
    });
    const { user, router } = renderRoute('/feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'First in the feed' }));

    const dialog = await screen.findByRole('dialog', { name: 'First in the feed' });
    expect(router.state.location.mask?.pathname).toBe(`/post/${first.id}`);
    expect(await within(dialog).findByRole('heading', { name: 'Comments' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/feed');
    expect(router.state.location.mask).toBeUndefined();
  });

  it('stays behind the required-details screen while details are missing', async () => {
    mockApi({
      'GET /api/me': makeMe({ bio: null, requiredDetailsMissing: ['bio'] }),
      'GET /api/feed': page([makePost({ title: 'Hidden for now' })]),
    });
    renderRoute('/feed');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.queryByRole('feed')).not.toBeInTheDocument());
    expect(screen.queryByText('Hidden for now')).not.toBeInTheDocument();
  });
});
