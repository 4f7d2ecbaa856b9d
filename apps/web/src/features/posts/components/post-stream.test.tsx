import type { Post } from '@otakura/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { usePostModalRoute } from '../hooks/use-post-modal-route';
import { makePost, mockApi, page } from '../testing/posts-mock';
import { PostStream } from './post-stream';

// The address never catches up in these tests: the modal must not wait for it.
vi.mock('../hooks/use-post-modal-route', () => ({ usePostModalRoute: vi.fn() }));

configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });

const route = { openId: null as string | null, open: vi.fn(), step: vi.fn(), close: vi.fn() };

beforeEach(() => {
  route.openId = null;
  route.open.mockReset();
  route.step.mockReset();
  route.close.mockReset();
  vi.mocked(usePostModalRoute).mockImplementation(() => ({ ...route }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the post modal over a stream', () => {
  it('shows the next post before the address changes, warms the neighbours and titles the tab', async () => {
    const posts = [
      makePost({ title: 'Alpha post' }),
      makePost({ title: 'Beta post' }),
      makePost({ title: 'Gamma post' }),
    ];
    const { calls } = mockApi({ 'GET /api/feed': page(posts) });
    const prefetched: Post[] = [];
    renderWithProviders(
      <PostStream
        source={{ kind: 'feed', tab: 'all', sort: 'new' }}
        label="Feed"
        onPrefetchPost={(post) => prefetched.push(post)}
      />,
    );
    document.title = 'Feed · Otakura';
    fireEvent.click(await screen.findByRole('link', { name: 'Alpha post' }));
    expect(route.open).toHaveBeenCalledWith(posts[0]!.id);
    // The modal's code arrives on first use (or when idle): the first open may take a tick.
    expect(await screen.findByRole('dialog', { name: 'Alpha post' })).toBeInTheDocument();
    expect(document.title).toBe('Alpha post · Otakura');
    await waitFor(() => expect(prefetched.map((p) => p.title)).toEqual(['Beta post']));

    fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
    expect(route.step).toHaveBeenCalledWith(posts[1]!.id);
    // Shown at once, from the list: the address has not changed and nothing was fetched for it.
    expect(screen.getByRole('dialog', { name: 'Beta post' })).toBeInTheDocument();
    expect(document.title).toBe('Beta post · Otakura');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/posts/'))).toEqual([]);
    await waitFor(() =>
      expect(prefetched.map((p) => p.title)).toEqual(['Beta post', 'Alpha post', 'Gamma post']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(route.close).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.title).toBe('Feed · Otakura');
  });

  it('keeps the dim overlay behind the dialog, also after stepping to the next post', async () => {
    const posts = [makePost({ title: 'First post' }), makePost({ title: 'Second post' })];
    mockApi({ 'GET /api/feed': page(posts) });
    renderWithProviders(
      <PostStream source={{ kind: 'feed', tab: 'all', sort: 'new' }} label="Feed" />,
    );
    // Overlay and dialog share a z-index: the one later in the document is on top, so the
    // overlay must come first or it swallows every click on the dialog.
    const overlayBeforeDialog = (name: string) => {
      const overlay = document.querySelector('.ui-modal-overlay');
      const dialog = screen.getByRole('dialog', { name });
      expect(overlay).not.toBeNull();
      expect(dialog.contains(overlay)).toBe(false);
      expect(overlay!.compareDocumentPosition(dialog) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    };
    fireEvent.click(await screen.findByRole('link', { name: 'First post' }));
    await screen.findByRole('dialog', { name: 'First post' });
    overlayBeforeDialog('First post');
    // Effects that re-render the overlay (scroll lock, presence) have run by the next task.
    await new Promise((resolve) => setTimeout(resolve, 50));
    overlayBeforeDialog('First post');
    fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    overlayBeforeDialog('Second post');
    // Closed and opened again: the dialog is created anew.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('link', { name: 'First post' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    overlayBeforeDialog('First post');
  });

  it('keeps the community and author in the header next to the buttons, in the flow', async () => {
    const post = makePost({ title: 'Header post' });
    mockApi({ 'GET /api/feed': page([post]) });
    renderWithProviders(
      <PostStream source={{ kind: 'feed', tab: 'all', sort: 'new' }} label="Feed" />,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Header post' }));
    const dialog = screen.getByRole('dialog', { name: 'Header post' });
    const header = dialog.querySelector('header')!;
    // The buttons are part of the header row (not laid over it).
    expect(header).toContainElement(screen.getByRole('button', { name: 'Close' }));
    expect(header).toContainElement(screen.getByRole('link', { name: 'Mecha Lovers' }));
    expect(header).toContainElement(screen.getByRole('link', { name: '@rei' }));
  });
});
