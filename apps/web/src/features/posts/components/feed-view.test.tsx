import type { Post } from '@otakura/shared';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FEED_STORAGE_KEYS } from '../hooks/use-feed-prefs';
import { clearNewPosts } from '../hooks/use-new-posts-pill';
import { resetRevealedPosts } from '../hooks/use-revealed';
import {
  apiError,
  installIntersectionObserver,
  json,
  makePost,
  mockApi,
  page,
  type MockRequest,
} from '../testing/posts-mock';
import { FeedView } from './feed-view';

const image = (n: number) => ({
  url: `/files/img-${n}.webp`,
  largeUrl: null,
  width: 800,
  height: 600,
  placeholder: '#223344',
});

function renderFeed(props: Parameters<typeof FeedView>[0] = {}) {
  return renderWithProviders(<FeedView viewerId="me" {...props} />, { path: '/feed' });
}

function feedCalls(calls: MockRequest[]) {
  return calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/feed');
}

// Cards, dialogs and their portals take a while in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetRevealedPosts();
  clearNewPosts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the feed', () => {
  it('shows the Following tab sorted New by default, and remembers a change of tab and sort', async () => {
    const { calls } = mockApi({ 'GET /api/feed': page([makePost({ title: 'Hello feed' })]) });
    const { user } = renderFeed();
    expect(await screen.findByRole('heading', { name: 'Hello feed' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    expect(feedCalls(calls)[0]!.url.searchParams.get('tab')).toBe('following');
    expect(feedCalls(calls)[0]!.url.searchParams.get('sort')).toBe('new');

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(screen.getByRole('radio', { name: 'Top' }));
    await waitFor(() => {
      const last = feedCalls(calls).at(-1)!.url.searchParams;
      expect([last.get('tab'), last.get('sort')]).toEqual(['all', 'top']);
    });
    expect(localStorage.getItem(FEED_STORAGE_KEYS.tab)).toBe('all');
    expect(localStorage.getItem(FEED_STORAGE_KEYS.sort)).toBe('top');
  });

  it('shows skeleton cards and Loading... while the first page loads', async () => {
    mockApi({ 'GET /api/feed': () => new Promise<Response>(() => undefined) });
    renderFeed();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
  });

  it('suggests All and the community search when Following is empty', async () => {
    const { calls } = mockApi({
      'GET /api/feed': (req) =>
        req.url.searchParams.get('tab') === 'all'
          ? { body: page([makePost({ title: 'From everyone' })]) }
          : { body: page([]) },
    });
    const { user } = renderFeed();
    expect(await screen.findByRole('heading', { name: 'Your feed is quiet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find communities' })).toHaveAttribute(
      'href',
      '/search',
    );
    await user.click(screen.getByRole('button', { name: 'See all posts' }));
    expect(await screen.findByRole('heading', { name: 'From everyone' })).toBeInTheDocument();
    expect(feedCalls(calls).some((c) => c.url.searchParams.get('tab') === 'all')).toBe(true);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/feed': () =>
        fail
          ? apiError(400, 'invalid_cursor', 'That page does not exist.')
          : json(page([makePost({ title: 'Back again' })])),
    });
    const { user } = renderFeed();
    expect(await screen.findByRole('heading', { name: "Couldn't load posts" })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });

  it('loads the next page with the previous cursor when the end comes near, without duplicates', async () => {
    const io = installIntersectionObserver();
    const a = makePost({ title: 'First A' });
    const b = makePost({ title: 'First B' });
    const c = makePost({ title: 'Second C' });
    const { calls } = mockApi({
      'GET /api/feed': (req) =>
        req.url.searchParams.get('cursor') === 'cursor-1'
          ? { body: page([b, c], null) } // b again: a `top` page may repeat a post that moved
          : { body: page([a, b], 'cursor-1') },
    });
    renderFeed();
    await screen.findByRole('heading', { name: 'First B' });
    expect(feedCalls(calls)).toHaveLength(1);

    const sentinel = document.querySelector('.post-stream__sentinel')!;
    await waitFor(() => expect(io.observed((el) => el === sentinel)).toBe(true));
    act(() => io.intersect((el) => el === sentinel));
    expect(await screen.findByRole('heading', { name: 'Second C' })).toBeInTheDocument();
    expect(feedCalls(calls)[1]!.url.searchParams.get('cursor')).toBe('cursor-1');
    expect(
      screen.getAllByRole('article').map((el) => el.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
  });

  it('likes at once (pop, pressed, count + 1) and rolls back with a toast when the server fails', async () => {
    const post = makePost({ title: 'Like me', likeCount: 3 });
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      'GET /api/feed': page([post]),
      [`PUT /api/posts/${post.id}/like`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderFeed();
    const card = await screen.findByRole('article', { name: 'Like me' });
    const like = within(card).getByRole('button', { name: 'Like' });

    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByText('4 likes')).toBeInTheDocument();
    expect(card.querySelector('.post-like__icon--pop')).not.toBeNull();

    await act(async () => answer(apiError(503, 'unavailable', 'Try later')));
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(within(card).getByText('3 likes')).toBeInTheDocument();
    expect(
      await screen.findByText("Couldn't update the like. Please try again."),
    ).toBeInTheDocument();
  });

  it('keeps the server count after a like succeeds', async () => {
    const post = makePost({ title: 'Popular', likeCount: 10 });
    mockApi({
      'GET /api/feed': page([post]),
      [`PUT /api/posts/${post.id}/like`]: { body: { liked: true, likeCount: 15 } },
    });
    const { user } = renderFeed();
    const card = await screen.findByRole('article', { name: 'Popular' });
    await user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(await within(card).findByText('15 likes')).toBeInTheDocument();
  });
});

describe('the post modal', () => {
  function threePosts(): Post[] {
    return [
      makePost({ title: 'One', type: 1, body: null, images: [image(1), image(2), image(3)] }),
      makePost({ title: 'Two', type: 1, body: null, images: [image(4), image(5)] }),
      makePost({ title: 'Three', body: 'Just words' }),
    ];
  }

  it('opens on the card, steps with the buttons and arrow keys, rewrites the address and restores it', async () => {
    const posts = threePosts();
    const { calls } = mockApi({ 'GET /api/feed': page(posts) });
    const onModalClose = vi.fn();
    const { user, router } = renderFeed({
      renderComments: (p) => <p>Comments of {p.title}</p>,
      onModalClose,
    });
    const link = await screen.findByRole('link', { name: 'One' });
    await user.click(link);

    let dialog = await screen.findByRole('dialog', { name: 'One' });
    expect(router.state.location.mask?.pathname).toBe(`/post/${posts[0]!.id}`);
    expect(router.state.location.pathname).toBe('/feed');
    expect(within(dialog).getByText('Comments of One')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Previous post' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Next post' }));
    dialog = await screen.findByRole('dialog', { name: 'Two' });
    expect(router.state.location.mask?.pathname).toBe(`/post/${posts[1]!.id}`);

    await user.keyboard('{ArrowRight}');
    dialog = await screen.findByRole('dialog', { name: 'Three' });
    expect(router.state.location.mask?.pathname).toBe(`/post/${posts[2]!.id}`);
    expect(within(dialog).getByRole('button', { name: 'Next post' })).toBeDisabled();

    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('dialog', { name: 'Two' });

    const before = feedCalls(calls).length;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/feed');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.mask).toBeUndefined();
    // Focus goes back to the card of the post shown last.
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    // Closing refreshes the posts and hands the post to the app (to clear its comments).
    await waitFor(() => expect(feedCalls(calls).length).toBeGreaterThan(before));
    expect(onModalClose).toHaveBeenCalledWith(posts[1]!.id);
  });

  it('starts each post at its first image (the index resets on navigation)', async () => {
    mockApi({ 'GET /api/feed': page(threePosts()) });
    const { user } = renderFeed();
    await user.click(await screen.findByRole('link', { name: 'One' }));
    const dialog = await screen.findByRole('dialog', { name: 'One' });
    const carousel = within(dialog).getByRole('region', { name: 'One' });
    expect(
      within(carousel).getByText('Image 1 of 3', { selector: '[aria-live]' }),
    ).toBeInTheDocument();

    // Arrows on the focused carousel move its images, not the posts.
    carousel.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(
      within(carousel).getByText('Image 3 of 3', { selector: '[aria-live]' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'One' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next post' }));
    const next = await screen.findByRole('dialog', { name: 'Two' });
    expect(within(next).getByText('Image 1 of 2', { selector: '[aria-live]' })).toBeInTheDocument();
  });

  it('lets the author delete the post, after confirming; it leaves the list', async () => {
    const mine = makePost({
      title: 'Mine',
      author: { id: 'me', username: 'me', name: 'Me', avatarUrl: null },
    });
    const other = makePost({ title: 'Theirs' });
    mockApi({
      'GET /api/feed': page([mine, other]),
      [`DELETE /api/posts/${mine.id}`]: json(null, 204),
    });
    const { user } = renderFeed();
    await user.click(await screen.findByRole('link', { name: 'Mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mine' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Theirs' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Mine' })).not.toBeInTheDocument();
  });

  it('shows no delete button on posts of others', async () => {
    mockApi({ 'GET /api/feed': page([makePost({ title: 'Not mine' })]) });
    const { user } = renderFeed();
    await user.click(await screen.findByRole('link', { name: 'Not mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not mine' });
    expect(within(dialog).queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });
});

describe('the new posts pill', () => {
  it('appears when new posts are announced and refetches from the top when used', async () => {
    const { announceNewPosts } = await import('../hooks/use-new-posts-pill');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { calls } = mockApi({ 'GET /api/feed': page([makePost({ title: 'Old news' })]) });
    const { user } = renderFeed();
    await screen.findByRole('heading', { name: 'Old news' });
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();

    act(() => announceNewPosts(['p-new-1', 'p-new-2']));
    const pill = screen.getByRole('button', { name: '2 new posts' });
    const before = feedCalls(calls).length;
    await user.click(pill);
    expect(screen.queryByRole('button', { name: /new posts/ })).not.toBeInTheDocument();
    await waitFor(() => expect(feedCalls(calls).length).toBeGreaterThan(before));
  });
});
