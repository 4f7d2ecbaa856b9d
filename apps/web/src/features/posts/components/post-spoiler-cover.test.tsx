import type { Post } from '@otakura/shared';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { resetRevealedSpoilers } from '../hooks/use-spoiler-reveal';
import { installIntersectionObserver, makePost, mockApi } from '../testing/posts-mock';
import { PostCard } from './post-card';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const SERIES = '11111111-1111-4111-8111-111111111111';
const SECRET = 'Kenji forfeits the tournament slot.';

function covered(overrides: Partial<Post> = {}): Post {
  return makePost({
    title: 'Episode 5 reaction',
    body: null,
    spoilerTag: {
      mediaId: SERIES,
      mediaTitle: 'Circuit Dojo',
      unit: 'episode',
      number: 5,
      covered: true,
      viewerAt: 3,
    },
    ...overrides,
  });
}

beforeEach(() => {
  resetRevealedSpoilers();
  installIntersectionObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('a post the spoiler shield covers', () => {
  it('shows the title and the cover instead of the body; Reveal asks the server and shows the answer', async () => {
    const post = covered();
    const { calls } = mockApi({
      [`POST /api/posts/${post.id}/reveal`]: {
        ...post,
        body: SECRET,
        spoilerTag: { ...post.spoilerTag!, covered: false },
      },
    });
    const { user } = renderWithProviders(<PostCard post={post} />, { path: '/feed' });
    const card = await screen.findByRole('article', { name: 'Episode 5 reaction' });
    expect(
      within(card).getByText("Spoiler for Circuit Dojo ep 5 — you're at ep 3"),
    ).toBeInTheDocument();
    expect(within(card).queryByText(SECRET)).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Reveal' }));
    expect(await within(card).findByText(SECRET)).toBeInTheDocument();
    expect(within(card).queryByText(/Spoiler for Circuit Dojo/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/posts/${post.id}/reveal`,
    ]);
  });

  it('keeps the cover and says so when revealing fails', async () => {
    const post = covered();
    mockApi({
      [`POST /api/posts/${post.id}/reveal`]: {
        status: 404,
        body: { error: { code: 'post_not_found', message: 'Gone' } },
      },
    });
    const { user } = renderWithProviders(<PostCard post={post} />, { path: '/feed' });
    const card = await screen.findByRole('article', { name: 'Episode 5 reaction' });
    await user.click(within(card).getByRole('button', { name: 'Reveal' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not reveal it');
    expect(within(card).getByText(/Spoiler for Circuit Dojo ep 5/)).toBeInTheDocument();
  });

  it('shows an uncovered tagged post whole (its author, or a viewer past the point)', async () => {
    mockApi({});
    const post = covered({
      body: SECRET,
      spoilerTag: { ...covered().spoilerTag!, covered: false, viewerAt: 6 },
    });
    renderWithProviders(<PostCard post={post} />, { path: '/feed' });
    const card = await screen.findByRole('article', { name: 'Episode 5 reaction' });
    expect(within(card).getByText(SECRET)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });
});
