import type { Comment } from '@otakura/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeApi,
  makeComment,
  me,
  other,
  page,
  POST_ID,
  renderComments,
  tombstone,
} from '../comments.test-helpers';
import { CommentsSection } from './comments-section';

const LIST = `GET /api/posts/${POST_ID}/comments`;
const CREATE = `POST /api/posts/${POST_ID}/comments`;

afterEach(() => {
  vi.useRealTimers();
});

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

function commentRow(text: string): HTMLElement {
  const el = screen.getByText(text).closest('article');
  if (!el) throw new Error(`no comment with ${text}`);
  return el;
}

describe('CommentsSection: the list', () => {
  it("shows each comment's author (linked to the profile), text and the spec's time labels", async () => {
    fakeApi({
      [LIST]: () => ({
        body: page([
          makeComment({ body: 'Just now', createdAt: ago(30) }),
          makeComment({ body: 'Minutes', createdAt: ago(5 * 60 + 10) }),
          makeComment({ body: 'Hours', createdAt: ago(3 * 3600 + 10) }),
          makeComment({ body: 'Days', createdAt: ago(2 * 86_400 + 10) }),
          makeComment({ body: 'Weeks', createdAt: ago(3 * 604_800 + 10) }),
        ]),
      }),
    });
    renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Just now');
    expect(within(commentRow('Just now')).getByText('30s')).toBeInTheDocument();
    expect(within(commentRow('Minutes')).getByText('5m')).toBeInTheDocument();
    expect(within(commentRow('Hours')).getByText('3h')).toBeInTheDocument();
    expect(within(commentRow('Days')).getByText('2d')).toBeInTheDocument();
    expect(within(commentRow('Weeks')).getByText('3w')).toBeInTheDocument();
    expect(within(commentRow('Minutes')).getByRole('link', { name: 'kenji' })).toHaveAttribute(
      'href',
      `/user/${other.id}`,
    );
  });

  it('shows replies under their thread with the user they answered', async () => {
    const parent = makeComment({ body: 'Best episode?', author: other });
    const reply = makeComment({
      body: 'Episode 7, easily',
      author: me,
      replyTo: { id: parent.id, username: 'kenji' },
    });
    const replyToReply = makeComment({
      body: 'Agreed',
      author: other,
      replyTo: { id: reply.id, username: 'aiko' },
    });
    const later = makeComment({ body: 'Unrelated' });
    fakeApi({ [LIST]: () => ({ body: page([parent, reply, later, replyToReply]) }) });
    renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Best episode?');
    const thread = commentRow('Best episode?').closest('li')!;
    const replies = within(thread).getAllByRole('article').slice(1);
    expect(replies.map((r) => r.textContent)).toEqual([
      expect.stringContaining('@kenji Episode 7, easily'),
      expect.stringContaining('@aiko Agreed'),
    ]);
    expect(commentRow('Unrelated').closest('ol')).toBe(thread.closest('ol'));
  });

  it('shows the empty state, and a loading state first', async () => {
    let answer!: () => void;
    fakeApi({
      [LIST]: () => new Promise((resolve) => (answer = () => resolve({ body: page([]) }))),
    });
    renderComments(<CommentsSection postId={POST_ID} />);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    act(() => answer());
    expect(
      await screen.findByRole('heading', { name: 'No comments yet — start the conversation' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      [LIST]: () =>
        fail
          ? { status: 403, body: { error: { code: 'forbidden', message: 'No' } } }
          : { body: page([makeComment({ body: 'Back again' })]) },
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the comments.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it("loads the next page with 'Load more'", async () => {
    fakeApi({
      [LIST]: ({ url }) =>
        url.searchParams.get('cursor') === 'next'
          ? { body: page([makeComment({ body: 'Second page' })]) }
          : { body: page([makeComment({ body: 'First page' })], 'next') },
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('First page');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('CommentsSection: the composer', () => {
  it('keeps Comment disabled while the text is empty or blank, and sends with Ctrl+Enter', async () => {
    const created = makeComment({ body: 'Hello there', author: me, createdAt: ago(1) });
    const api = fakeApi({
      [LIST]: () => ({ body: page([]) }),
      [CREATE]: () => ({ status: 201, body: created }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('No comments yet — start the conversation');
    const button = screen.getByRole('button', { name: 'Comment' });
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(button).toBeDisabled();
    await user.type(box, '   ');
    expect(button).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Hello there ');
    expect(button).toBeEnabled();
    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(box).toHaveValue('');
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        `/api/posts/${POST_ID}/comments`,
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ body: 'Hello there' }) }),
      ),
    );
    // The server's comment replaced the optimistic one: now it has a time and options.
    await waitFor(() =>
      expect(within(commentRow('Hello there')).getByText('1s')).toBeInTheDocument(),
    );
  });

  it('shows the comment at once and takes it back, text restored, when the server refuses', async () => {
    let refuse!: () => void;
    fakeApi({
      [LIST]: () => ({ body: page([]) }),
      [CREATE]: () =>
        new Promise((resolve) => {
          refuse = () =>
            resolve({
              status: 429,
              body: { error: { code: 'rate_limited', message: 'Slow down a little.' } },
            });
        }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('No comments yet — start the conversation');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Too fast');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(screen.getByText('Too fast')).toBeInTheDocument();

    act(() => refuse());
    expect(await screen.findByText('Your comment was not sent.')).toBeInTheDocument();
    expect(screen.getByText('Slow down a little.')).toBeInTheDocument();
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    expect(box).toHaveValue('Too fast');
  });

  it('counts characters near the 10,000 limit and refuses more', async () => {
    fakeApi({ [LIST]: () => ({ body: page([]) }) });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('No comments yet — start the conversation');
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.click(box);
    await user.paste('a'.repeat(9500));
    expect(screen.getByText('9,500 / 10,000')).toBeInTheDocument();
    await user.paste('a'.repeat(501));
    expect(screen.getByText('A comment can be at most 10,000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();
  });

  it('replies under the comment, naming whom it answers', async () => {
    const parent = makeComment({ body: 'Who is your favourite?' });
    fakeApi({
      [LIST]: () => ({ body: page([parent]) }),
      [CREATE]: ({ body }) => ({
        status: 201,
        body: makeComment({
          author: me,
          body: (body as { body: string }).body,
          replyTo: { id: parent.id, username: 'kenji' },
        }),
      }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Who is your favourite?');
    await user.click(
      within(commentRow('Who is your favourite?')).getByRole('button', { name: 'Reply' }),
    );
    const box = screen.getByRole('textbox', { name: 'Reply to @kenji' });
    expect(box).toHaveFocus();
    await user.type(box, 'Rem, obviously');
    await user.click(screen.getAllByRole('button', { name: 'Comment' })[0]!);
    const thread = commentRow('Who is your favourite?').closest('li')!;
    expect(await within(thread).findByText('Rem, obviously')).toBeInTheDocument();
    expect(within(thread).getByText(/@kenji/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply to @kenji' })).not.toBeInTheDocument();
  });
});

describe('CommentsSection: likes and options', () => {
  function renderWith(items: Comment[], routes: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({ [LIST]: () => ({ body: page(items) }), ...routes });
    return { api, ...renderComments(<CommentsSection postId={POST_ID} />) };
  }

  it("lets the author's own comment show its likes but not be liked", async () => {
    const { api, user } = renderWith([makeComment({ body: 'Mine', author: me, likeCount: 2 })]);
    await screen.findByText('Mine');
    const like = within(commentRow('Mine')).getByRole('button', { name: /^Like ?2$/ });
    expect(like).toHaveAttribute('aria-disabled', 'true');
    await user.click(like);
    expect(api).toHaveBeenCalledTimes(1); // only the list
  });

  it("likes someone else's comment at once, then takes the server's count", async () => {
    const theirs = makeComment({ body: 'Theirs', likeCount: 2 });
    const { user } = renderWith([theirs], {
      [`PUT /api/comments/${theirs.id}/like`]: () => ({ body: { liked: true, likeCount: 7 } }),
    });
    await screen.findByText('Theirs');
    await user.click(within(commentRow('Theirs')).getByRole('button', { name: /^Like ?2$/ }));
    const liked = await within(commentRow('Theirs')).findByRole('button', { name: /^Like ?7$/ });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers Edit Comment and Delete Comment to the author only', async () => {
    const { user } = renderWith([makeComment({ body: 'Mine', author: me })]);
    await screen.findByText('Mine');
    await user.click(within(commentRow('Mine')).getByRole('button', { name: 'Comment options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comment options' });
    expect(within(dialog).getByRole('button', { name: 'Edit Comment' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Comment' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share Comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
  });

  it('offers Share Comment and Report to others', async () => {
    const { user } = renderWith([makeComment({ body: 'Theirs' })]);
    await screen.findByText('Theirs');
    await user.click(within(commentRow('Theirs')).getByRole('button', { name: 'Comment options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comment options' });
    expect(within(dialog).getByRole('button', { name: 'Share Comment' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Report Comment' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Block @kenji' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Comment' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Delete Comment' }),
    ).not.toBeInTheDocument();
  });

  it("shows no like, reply or options controls on the system user's comments", async () => {
    renderWith([tombstone(makeComment({ body: 'gone' }))]);
    await screen.findByText('User deleted this comment :(');
    const row = commentRow('User deleted this comment :(');
    expect(within(row).getByText('system')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  it("deletes after confirmation: the comment reads 'User deleted this comment :(' by the system user", async () => {
    const mine = makeComment({ body: 'Regrettable take', author: me, likeCount: 1 });
    const api = fakeApi({
      [LIST]: () => ({ body: page([mine]) }),
      [`DELETE /api/comments/${mine.id}`]: () => ({ body: tombstone(mine) }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Regrettable take');
    await user.click(
      within(commentRow('Regrettable take')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Comment' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Comment' });
    expect(api).toHaveBeenCalledTimes(1);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await screen.findByText('User deleted this comment :(');
    const row = commentRow('User deleted this comment :(');
    expect(within(row).getByText('system')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Comment options' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Regrettable take')).not.toBeInTheDocument();
  });

  it('edits in a modal prefilled with the text; Edit is disabled while the text is empty', async () => {
    const mine = makeComment({ body: 'Typo here', author: me });
    fakeApi({
      [LIST]: () => ({ body: page([mine]) }),
      [`PATCH /api/comments/${mine.id}`]: ({ body }) => ({
        body: { ...mine, body: (body as { body: string }).body, edited: true },
      }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Typo here');
    await user.click(
      within(commentRow('Typo here')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Comment' });
    const box = within(dialog).getByRole('textbox', { name: 'Comment' });
    const edit = within(dialog).getByRole('button', { name: 'Edit' });
    expect(box).toHaveValue('Typo here');
    await user.clear(box);
    expect(edit).toBeDisabled();
    await user.type(box, 'No typo here');
    expect(edit).toBeEnabled();
    await user.click(edit);
    expect(await screen.findByText('No typo here')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(commentRow('No typo here')).getByText(/edited/)).toBeInTheDocument();
  });

  it('copies the text on Share Comment and says so', async () => {
    const theirs = makeComment({ body: 'Quotable line' });
    const { user } = renderWith([theirs]);
    await screen.findByText('Quotable line');
    await user.click(
      within(commentRow('Quotable line')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Share Comment' }));
    expect(await screen.findByText('Comment copied to clipboard.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('Quotable line');
  });

  it('only logs a failed share', async () => {
    const theirs = makeComment({ body: 'Quotable line' });
    const { user } = renderWith([theirs]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await screen.findByText('Quotable line');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(
      within(commentRow('Quotable line')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Share Comment' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('Comment copied to clipboard.')).not.toBeInTheDocument();
  });

  it('reports, and shows the success message 500 ms after the server took it', async () => {
    const theirs = makeComment({ body: 'Spoilers!!!' });
    const api = fakeApi({
      [LIST]: () => ({ body: page([theirs]) }),
      [`POST /api/comments/${theirs.id}/report`]: () => ({
        status: 201,
        body: {
          message:
            'Comment reported successfully. Please give our team 24 hours to work on the request.',
        },
      }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Spoilers!!!');
    await user.click(
      within(commentRow('Spoilers!!!')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Report Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    const reasons = within(dialog).getByRole('group', {
      name: 'Why are you reporting this comment?',
    });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other']);
    // No reason yet: nothing can be sent, and no details box.
    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Tell us more (optional)')).not.toBeInTheDocument();
    await user.click(within(reasons).getByRole('radio', { name: 'Spoiler without a tag' }));

    vi.useFakeTimers();
    act(() => within(dialog).getByRole('button', { name: 'Report' }).click());
    // Let the request settle (fetch and the query client's notifications).
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(api).toHaveBeenCalledWith(
      `/api/comments/${theirs.id}/report`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ reason: 'spoiler' }) }),
    );
    const message =
      'Comment reported successfully. Please give our team 24 hours to work on the request.';
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText(message)).toBeInTheDocument();
    vi.useRealTimers();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(
      within(commentRow('Spoilers!!!')).getByRole('button', { name: 'Comment options' }),
    );
    expect(await screen.findByRole('button', { name: 'Reported' })).toBeDisabled();
  });
});

describe('CommentsSection: blocking the author', () => {
  it("blocks after confirmation: all of the author's comments leave the list at once", async () => {
    const theirs = makeComment({ body: 'Theirs one' });
    const theirsToo = makeComment({ body: 'Theirs two' });
    const mine = makeComment({ body: 'Mine', author: me });
    const api = fakeApi({
      [LIST]: () => ({ body: page([theirs, mine, theirsToo]) }),
      [`PUT /api/users/${other.id}/block`]: () => ({ body: { blocked: true } }),
    });
    const { user, queryClient } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Theirs one');
    await user.click(
      within(commentRow('Theirs one')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Block @kenji' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block @kenji?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(screen.queryByText('Theirs one')).not.toBeInTheDocument());
    expect(screen.queryByText('Theirs two')).not.toBeInTheDocument();
    expect(screen.getByText('Mine')).toBeInTheDocument();
    expect(await screen.findByText('You blocked @kenji')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith(
      `/api/users/${other.id}/block`,
      expect.objectContaining({ method: 'PUT' }),
    );
    expect(queryClient.getQueryData(['settings', 'block', other.id])).toEqual({ blocked: true });
  });

  it('keeps the comments and the dialog when the block fails', async () => {
    const theirs = makeComment({ body: 'Still here' });
    fakeApi({
      [LIST]: () => ({ body: page([theirs]) }),
      [`PUT /api/users/${other.id}/block`]: () => ({
        status: 500,
        body: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
      }),
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Still here');
    await user.click(
      within(commentRow('Still here')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Block @kenji' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block @kenji?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Could not block @kenji.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Block @kenji?' })).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });
});

describe('CommentsSection: report reasons', () => {
  it('sends Other with its details (trimmed, at most 500 characters)', async () => {
    const theirs = makeComment({ body: 'Odd one' });
    const sent: unknown[] = [];
    fakeApi({
      [LIST]: () => ({ body: page([theirs]) }),
      [`POST /api/comments/${theirs.id}/report`]: ({ body }) => {
        sent.push(body);
        return {
          status: 201,
          body: {
            message:
              'Comment reported successfully. Please give our team 24 hours to work on the request.',
          },
        };
      },
    });
    const { user } = renderComments(<CommentsSection postId={POST_ID} />);
    await screen.findByText('Odd one');
    await user.click(
      within(commentRow('Odd one')).getByRole('button', { name: 'Comment options' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Report Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const details = within(dialog).getByLabelText('Tell us more (optional)');
    expect(details).toHaveAttribute('maxLength', '500');
    await user.type(details, '  Copies my art without credit  ');
    expect(within(dialog).getByText('32 / 500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await within(dialog).findByText(
      'Comment reported successfully. Please give our team 24 hours to work on the request.',
      undefined,
      { timeout: 3000 },
    );
    expect(sent).toEqual([{ reason: 'other', details: 'Copies my art without credit' }]);
  });
});

describe('CommentsSection: media', () => {
  it('reads the comments of a media entry', async () => {
    const MEDIA = '01900000-0000-7000-8000-0000000000bb';
    fakeApi({
      [`GET /api/media/${MEDIA}/comments`]: () => ({
        body: page([makeComment({ body: 'Great volume', postId: null, mediaId: MEDIA })]),
      }),
    });
    renderComments(<CommentsSection mediaId={MEDIA} />);
    expect(await screen.findByText('Great volume')).toBeInTheDocument();
  });
});
