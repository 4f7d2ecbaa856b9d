import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeComment, page, renderComments } from '../comments.test-helpers';
import { CommentsSection } from './comments-section';

const MEDIA_ID = '01900000-0000-7000-8000-0000000000bb';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a comment pinned to a moment the viewer has not reached (docs/moments.md)', () => {
  it('is covered in the series comments, and Reveal asks the server for its text', async () => {
    const covered = makeComment({
      postId: null,
      mediaId: MEDIA_ID,
      body: '',
      pin: {
        kind: 'episode',
        episodeId: 'e5',
        episodeNumber: 5,
        atSeconds: 75.4,
        covered: true,
      },
    });
    const onPage = makeComment({
      postId: null,
      mediaId: MEDIA_ID,
      body: '',
      pin: {
        kind: 'issue',
        issueId: 'i2',
        issueNumber: 2,
        volumeNumber: 1,
        page: 6,
        covered: true,
      },
    });
    const api = fakeApi({
      [`GET /api/media/${MEDIA_ID}/comments`]: () => ({ body: page([covered, onPage]) }),
      [`POST /api/comments/${covered.id}/reveal`]: () => ({
        body: { ...covered, body: 'The twist at 1:15!', pin: { ...covered.pin!, covered: false } },
      }),
    });
    const { user } = renderComments(<CommentsSection mediaId={MEDIA_ID} />);
    expect(
      await screen.findByText("Spoiler at 1:15 of ep 5, you haven't watched that far yet"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Spoiler on page 6 of ch 2, you haven't read that far yet"),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /Reveal/ })[0]!);
    expect(await screen.findByText('The twist at 1:15!')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(
      expect.stringContaining(`/api/comments/${covered.id}/reveal`),
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
