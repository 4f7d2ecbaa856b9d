import type { Comment } from '@otakura/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { IssueReader } from './issue-reader';
import {
  issueRoutes,
  ISSUE_ID,
  json,
  makeIssue,
  makePages,
  MEDIA_ID,
  mockReader,
} from './reader.test-helpers';

const stage = () => document.querySelector<HTMLElement>('.reader-stage')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

function comment(id: string, page: number | null, body: string): Comment {
  return {
    id,
    postId: null,
    mediaId: MEDIA_ID,
    author: { id: `u-${id}`, username: `reader_${id}`, name: id, avatarUrl: null },
    body,
    likeCount: 0,
    likedByMe: false,
    replyTo: null,
    deleted: false,
    edited: false,
    reportedByMe: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    spoilerTag: null,
    pin: {
      kind: 'issue',
      issueId: ISSUE_ID,
      issueNumber: 3,
      volumeNumber: 2,
      page,
      covered: false,
    },
  };
}

const moments = (lastIssue: boolean) => ({
  issueId: ISSUE_ID,
  mediaId: MEDIA_ID,
  issueNumber: 3,
  volume: { id: 'v1', number: 2, commentCount: 42, lastIssue },
  commentCount: 5,
  pages: [
    { page: 1, count: 2 },
    { page: 3, count: 1 },
  ],
});

function setup(lastIssue = true) {
  const issue = makeIssue({ pages: makePages(3) });
  const posted: unknown[] = [];
  const api = mockReader(
    issueRoutes(issue, {
      [`GET /api/issues/${ISSUE_ID}/moments`]: () => json(moments(lastIssue)),
      [`GET /api/issues/${ISSUE_ID}/comments`]: () =>
        json({
          items: [comment('a', 1, 'Lovely cover'), comment('b', 1, 'Agreed')],
          nextCursor: null,
        }),
      [`GET /api/volumes/v1/comments`]: () =>
        json({ items: [comment('c', null, 'Volume two rules')], nextCursor: null }),
      [`POST /api/media/${MEDIA_ID}/comments`]: (e) => {
        posted.push(e.body);
        return json(comment('new', 1, 'Mine'), 201);
      },
    }),
  );
  renderWithProviders(<IssueReader issueId={ISSUE_ID} onClose={vi.fn()} onIssueChange={vi.fn()} />);
  return { api, posted };
}

describe('comments on the pages, in the reader', () => {
  it("shows the count beside the page and opens that page's comments with a composer on it", async () => {
    const { api, posted } = setup();
    const button = await screen.findByRole('button', { name: '2 comments on this page' });
    fireEvent.click(button);
    const modal = await screen.findByRole('dialog', { name: 'Page 1 comments' });
    expect(await within(modal).findByText('Lovely cover')).toBeInTheDocument();
    const url = new URL(
      String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('/comments?'))![0]),
      'http://localhost',
    );
    expect(url.searchParams.get('page')).toBe('1');
    const input = within(modal).getByRole('textbox', { name: 'Comment on page 1' });
    fireEvent.input(input, { target: { value: 'So pretty' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(posted).toEqual([{ body: 'So pretty', pin: { issueId: ISSUE_ID, page: 1 } }]),
    );
  });

  it('a page without comments offers to comment on it', async () => {
    setup();
    await screen.findByRole('button', { name: '2 comments on this page' });
    fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(await screen.findByRole('button', { name: 'Comment on this page' })).toBeInTheDocument();
  });

  it('the end of a volume offers "Discuss vol 2 (42)", opening the volume\'s comments', async () => {
    setup(true);
    await screen.findByRole('button', { name: '2 comments on this page' });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    fireEvent.click(await screen.findByRole('button', { name: 'Discuss vol 2 (42)' }));
    const modal = await screen.findByRole('dialog', { name: 'Vol 2 discussion' });
    expect(await within(modal).findByText('Volume two rules')).toBeInTheDocument();
  });

  it("mid-volume the end offers the chapter's discussion instead", async () => {
    setup(false);
    await screen.findByRole('button', { name: '2 comments on this page' });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    expect(await screen.findByRole('button', { name: 'Discuss ch 3 (5)' })).toBeInTheDocument();
  });
});
