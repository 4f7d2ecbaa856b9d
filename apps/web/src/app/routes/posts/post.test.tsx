import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, makePost, mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./post');
  await import('./create-post');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  // Radix measures the switches; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/post/:postid', () => {
  it('shows the post as a page with its comments', async () => {
    const post = makePost({ title: 'On its own page' });
    mockApi({
      [`GET /api/posts/${post.id}`]: { body: post },
      [`GET /api/posts/${post.id}/comments`]: { body: { items: [], nextCursor: null } },
    });
    renderRoute(`/post/${post.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'On its own page' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Comments' })).toBeInTheDocument();
  });

  it('has a not-found state', async () => {
    mockApi({ 'GET /api/posts/gone': apiError(404, 'post_not_found', 'Post not found') });
    renderRoute('/post/gone');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });
});

describe('/create-post', () => {
  it('shows the composer with its three tabs', async () => {
    mockApi({});
    renderRoute('/create-post');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Post' }),
    ).toBeInTheDocument();
    for (const name of ['Text', 'Media', 'Url']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });
});
