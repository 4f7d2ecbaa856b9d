import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, makePost, mockApi } from '../testing/posts-mock';
import { PostView } from './post-view';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

describe('the post page (/post/{postid})', () => {
  it('shows the post with its title as the page heading, and the comments slot', async () => {
    const post = makePost({ title: 'A post of its own', body: 'Body here', likeCount: 7 });
    mockApi({ [`GET /api/posts/${post.id}`]: post });
    renderWithProviders(
      <PostView postId={post.id} renderComments={(p) => <p>Comments for {p.id}</p>} />,
      { path: `/post/${post.id}` },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A post of its own' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Body here')).toBeInTheDocument();
    expect(screen.getByText('7 likes')).toBeInTheDocument();
    expect(screen.getByText(`Comments for ${post.id}`)).toBeInTheDocument();
    expect(document.title).toContain('A post of its own');
  });

  it('says so when the post does not exist', async () => {
    mockApi({ 'GET /api/posts/missing': apiError(404, 'post_not_found', 'Post not found') });
    renderWithProviders(<PostView postId="missing" />, { path: '/post/missing' });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to feed' })).toHaveAttribute('href', '/feed');
  });

  it('shows Loading... while it loads', async () => {
    mockApi({ 'GET /api/posts/slow': () => new Promise<Response>(() => undefined) });
    renderWithProviders(<PostView postId="slow" />, { path: '/post/slow' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });
});
