import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { COMMUNITY_ID, makeCommunity } from '@/features/communities/testing/fixtures';
import { postKeys } from '@/features/posts/api/post-keys';
import {
  installIntersectionObserver,
  makePost,
  mockApi,
  page,
} from '@/features/posts/testing/posts-mock';
import { makeMe, makeProfile } from '@/features/users/testing/api-mock';
import { installFakeLiveSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { renderRoute, sessions } from '@/test/render';

/*
 * Live updates through whole pages: the real route with the app's providers, a fake socket in
 * place of the browser's WebSocket, server events pushed into it, and the page's DOM checked.
 * Each page's wiring is one feature hook call (usePostsLive, useCommunityLive, useUserLive):
 * without it these tests fail.
 */

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await Promise.all([
    import('./feed/feed'),
    import('./communities/community'),
    import('./users/user'),
  ]);
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const AUTHOR_ID = '0190aaaa-0000-7000-8000-0000000000a1';
const OTHER_ID = '0190aaaa-0000-7000-8000-0000000000b2';
const EMPTY = { items: [], nextCursor: null };

function card(postId: string) {
  const el = document.querySelector<HTMLElement>(`[data-post-id="${postId}"]`);
  if (!el) throw new Error(`no card for ${postId}`);
  return within(el);
}

/** Opens the socket once the page made it, and brings every card into view. */
async function goLive(live: ReturnType<typeof installFakeLiveSocket>) {
  const io = installIntersectionObserver();
  return {
    async open(topics: string[]) {
      await waitFor(() => expect(() => live.socket).not.toThrow());
      act(() => live.socket.open());
      act(() => io.intersect((el) => el instanceof HTMLElement && !!el.dataset.postId));
      await waitFor(() => expect(live.watched()).toEqual(expect.arrayContaining(topics)));
      act(() => live.confirm());
    },
  };
}

describe('live on /feed', () => {
  it('shows others’ likes and comment counts on the cards, the new-posts pill, and removes deleted posts', async () => {
    const live = installFakeLiveSocket();
    const session = await goLive(live);
    const one = makePost({ title: 'One', likeCount: 1 });
    const two = makePost({ title: 'Two' });
    mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': page([one, two]),
      [`GET /api/posts/${one.id}/comments`]: EMPTY,
    });
    renderRoute('/feed');
    await screen.findByRole('link', { name: 'One' });
    await session.open(['feed', `post:${one.id}`, `post:${two.id}`]);

    act(() =>
      live.emit({
        type: 'post.liked',
        topic: `post:${one.id}`,
        postId: one.id,
        likeCount: 42,
        actorId: OTHER_ID,
      }),
    );
    expect(await card(one.id).findByText('42 likes')).toBeInTheDocument();

    act(() =>
      live.emit({
        type: 'comment.created',
        topic: `post:${one.id}`,
        postId: one.id,
        mediaId: null,
        commentId: '0190cccc-0000-7000-8000-000000000001',
        commentCount: 7,
      }),
    );
    expect(await card(one.id).findByText('7 comments')).toBeInTheDocument();

    act(() =>
      live.emit({
        type: 'post.created',
        topic: 'feed',
        postId: '0190dddd-0000-7000-8000-000000000001',
        communityId: COMMUNITY_ID,
        authorId: OTHER_ID,
      }),
    );
    expect(await screen.findByText('1 new post')).toBeInTheDocument();

    act(() => live.emit({ type: 'post.deleted', topic: 'feed', postId: two.id }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Two' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'One' })).toBeInTheDocument();
  });
});

describe('live on /community/:id', () => {
  it('puts a new post of the community on top, removes a deleted one, and shows likes and Members', async () => {
    const live = installFakeLiveSocket();
    const session = await goLive(live);
    const old = makePost({ title: 'Older post' });
    const fresh = makePost({ title: 'Fresh post', id: '0190dddd-0000-7000-8000-000000000002' });
    const server = { postCount: 12, memberCount: 1234 };
    mockApi({
      // What the server says now: the live events below change it as they say.
      [`GET /api/communities/${COMMUNITY_ID}`]: () => makeCommunity(server),
      [`GET /api/communities/${COMMUNITY_ID}/posts`]: page([old]),
      [`GET /api/posts/${fresh.id}`]: fresh,
    });
    const { queryClient } = renderRoute(`/community/${COMMUNITY_ID}`);
    await screen.findByRole('link', { name: 'Older post' });
    await session.open([`community:${COMMUNITY_ID}`, `post:${old.id}`]);

    act(() =>
      live.emit({
        type: 'community.members',
        topic: `community:${COMMUNITY_ID}`,
        communityId: COMMUNITY_ID,
        memberCount: (server.memberCount = 2500),
      }),
    );
    const counts = within(screen.getByRole('list', { name: 'Community counts' }));
    expect(await counts.findByText('2.5k')).toBeInTheDocument();

    server.postCount = 13;
    act(() =>
      live.emit({
        type: 'post.created',
        topic: `community:${COMMUNITY_ID}`,
        postId: fresh.id,
        communityId: COMMUNITY_ID,
        authorId: OTHER_ID,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Fresh post' })).toBeInTheDocument();
    // On top of the newest-first list (the masonry grid places cards by column, not DOM order).
    const list = queryClient.getQueryData<{ pages: { items: { id: string }[] }[] }>(
      postKeys.list({ kind: 'community', id: COMMUNITY_ID, sort: 'new' }),
    );
    expect(list?.pages[0]?.items.map((p) => p.id)).toEqual([fresh.id, old.id]);
    // The Posts count is read again.
    expect(await counts.findByText('13')).toBeInTheDocument();

    act(() =>
      live.emit({
        type: 'post.liked',
        topic: `post:${old.id}`,
        postId: old.id,
        likeCount: 3,
        actorId: OTHER_ID,
      }),
    );
    expect(await card(old.id).findByText('3 likes')).toBeInTheDocument();

    act(() =>
      live.emit({ type: 'post.deleted', topic: `community:${COMMUNITY_ID}`, postId: old.id }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Older post' })).not.toBeInTheDocument(),
    );
  });
});

describe('live on /user/:id', () => {
  it("shows someone else's new and deleted posts, likes, and their follower count", async () => {
    const live = installFakeLiveSocket();
    const session = await goLive(live);
    const author = { id: AUTHOR_ID, username: 'kenji', name: 'Kenji Mori', avatarUrl: null };
    const old = makePost({ title: 'Kenji old post', author });
    const fresh = makePost({
      title: 'Kenji new post',
      author,
      id: '0190dddd-0000-7000-8000-000000000003',
    });
    const server = { followerCount: 41, postCount: 5 };
    mockApi({
      [`GET /api/users/${AUTHOR_ID}`]: () => makeProfile({ id: AUTHOR_ID, ...server }),
      [`GET /api/users/${AUTHOR_ID}/posts`]: page([old]),
      [`GET /api/posts/${fresh.id}`]: fresh,
    });
    renderRoute(`/user/${AUTHOR_ID}`);
    await screen.findByRole('link', { name: 'Kenji old post' });
    await session.open([`profile:${AUTHOR_ID}`, `post:${old.id}`]);

    act(() =>
      live.emit({
        type: 'user.followers',
        topic: `profile:${AUTHOR_ID}`,
        userId: AUTHOR_ID,
        followerCount: (server.followerCount = 99),
      }),
    );
    const counts = within(screen.getByRole('list', { name: 'Profile counts' }));
    expect(await counts.findByRole('button', { name: /99\s*Followers/ })).toBeInTheDocument();

    server.postCount = 6;
    act(() =>
      live.emit({
        type: 'post.created',
        topic: `profile:${AUTHOR_ID}`,
        postId: fresh.id,
        communityId: COMMUNITY_ID,
        authorId: AUTHOR_ID,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Kenji new post' })).toBeInTheDocument();
    // The Posts count is read again.
    expect(await counts.findByText('6')).toBeInTheDocument();

    act(() =>
      live.emit({
        type: 'post.liked',
        topic: `post:${old.id}`,
        postId: old.id,
        likeCount: 12,
        actorId: OTHER_ID,
      }),
    );
    expect(await card(old.id).findByText('12 likes')).toBeInTheDocument();

    act(() => live.emit({ type: 'post.deleted', topic: `profile:${AUTHOR_ID}`, postId: fresh.id }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Kenji new post' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Kenji old post' })).toBeInTheDocument();
  });
});
