import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  apiError,
  makeCase,
  makeStanding,
  mockApi,
  page,
  type MockRequest,
} from '../testing/moderation-mock';
import { QueueView } from './queue-view';

configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const COUNT = { body: { open: 2, overdue: 1 } };
const queueCalls = (calls: MockRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/moderation/queue');

function renderQueue() {
  return renderWithProviders(<QueueView viewerId="mod-1" />, { path: '/moderation' });
}

describe('the moderation queue', () => {
  it('shows each case: what, where, author standing, reasons, reporters and the time left or overdue', async () => {
    const { calls } = mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': page([
        makeCase({ targetId: 'late', author: makeStanding({ warningCount: 2 }) }, 27.5),
        makeCase(
          {
            targetType: 'post',
            targetId: 'fresh',
            content: {
              ...makeCase().content,
              snapshot: 'Free coins here',
              current: null,
              gone: true,
            },
            author: makeStanding({ username: 'spammer', suspended: true }),
          },
          4.5,
        ),
      ]),
    });
    renderQueue();
    const cards = await screen.findAllByTestId('case');
    expect(cards).toHaveLength(2);
    const [late, fresh] = cards as [HTMLElement, HTMLElement];

    expect(within(late).getByRole('heading', { name: /Comment @kenji/ })).toBeInTheDocument();
    expect(late).toHaveTextContent('in Isekai Corner · on “Best opening of 2026?”');
    expect(late).toHaveTextContent('You are all idiots for liking this show.');
    expect(within(late).getByRole('link', { name: 'Open Comment' })).toHaveAttribute(
      'href',
      '/post/post-1',
    );
    expect(late).toHaveTextContent('2 warnings');
    expect(late).toHaveTextContent('3 reports');
    const reasons = within(late).getByRole('list', { name: 'Reasons' });
    expect(reasons).toHaveTextContent('Harassment or bullying ×2');
    expect(reasons).toHaveTextContent('Spam ×1');
    expect(late).toHaveTextContent('@yui');
    expect(late).toHaveTextContent('Insults everyone in the thread.');
    const lateDue = within(late).getByTestId('due');
    expect(lateDue).toHaveTextContent('3 h overdue');
    expect(lateDue).toHaveClass('mod-due--overdue');
    expect(lateDue.querySelector('svg')).not.toBeNull();

    expect(within(fresh).getByTestId('due')).toHaveTextContent('19 h left');
    expect(within(fresh).getByTestId('due')).not.toHaveClass('mod-due--overdue');
    expect(fresh).toHaveTextContent('Gone');
    expect(fresh).toHaveTextContent('Suspended for good');
    // Gone content has nothing to open and nothing to remove.
    expect(within(fresh).queryByRole('button', { name: 'Hide post' })).not.toBeInTheDocument();
    // A suspended author can still be warned but not suspended again.
    expect(within(fresh).getByRole('button', { name: 'Warn author' })).toBeInTheDocument();
    expect(within(fresh).queryByRole('button', { name: 'Suspend author' })).not.toBeInTheDocument();

    expect(queueCalls(calls)[0]!.url.searchParams.get('status')).toBe('open');
    expect(screen.getByText('2 open · 1 overdue')).toBeInTheDocument();
  });

  it('labels removal by type and offers no warn or suspend for staff authors or remove for users', async () => {
    mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': page([
        makeCase({ targetId: 'c1' }),
        makeCase({
          targetType: 'shop_item',
          targetId: 'i1',
          author: makeStanding({ role: 'moderator' }),
        }),
        makeCase({ targetType: 'user', targetId: 'u1' }),
      ]),
    });
    renderQueue();
    const [comment, item, user] = (await screen.findAllByTestId('case')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const names = (card: HTMLElement) =>
      within(within(card).getByRole('group', { name: 'Actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(names(comment)).toEqual(['Dismiss', 'Remove comment', 'Warn author', 'Suspend author']);
    expect(names(item)).toEqual(['Dismiss', 'Hide item']);
    expect(names(user)).toEqual(['Dismiss', 'Warn author', 'Suspend author']);
  });

  it('asks for a reason before acting, then posts the action, toasts and drops the case from Open', async () => {
    const closed = { ...makeCase(), status: 'closed' as const };
    let acted = false;
    const { calls } = mockApi({
      'GET /api/moderation/queue/count': COUNT,
      // After the action the refetch never answers: the case must leave the list by itself.
      'GET /api/moderation/queue': () =>
        acted ? new Promise<never>(() => {}) : page([makeCase()]),
      'POST /api/moderation/cases/comment/comment-1/actions': () => {
        acted = true;
        return { body: closed };
      },
    });
    const { user } = renderQueue();
    const card = await screen.findByTestId('case');
    await user.click(within(card).getByRole('button', { name: 'Remove comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), '  Insults other members.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/moderation/cases/comment/comment-1/actions');
    expect(post.body).toEqual({ action: 'remove', reason: 'Insults other members.' });
    expect(await screen.findByText('Removed')).toBeInTheDocument();
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument();
  });

  it('suspends for the chosen duration, or for good', async () => {
    const { calls } = mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': page([makeCase()]),
      'POST /api/moderation/cases/comment/comment-1/actions': {
        body: { ...makeCase(), status: 'closed' },
      },
    });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @kenji?' });
    await user.click(within(dialog).getByRole('radio', { name: 'For good' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam bot.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      action: 'suspend',
      reason: 'Spam bot.',
      durationDays: null,
    });
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
  });

  it("shows the server's refusal under the reason and keeps the dialog open", async () => {
    mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': page([makeCase()]),
      'POST /api/moderation/cases/comment/comment-1/actions': apiError(
        400,
        'validation_error',
        'Invalid input',
        [{ path: 'body.reason', message: 'The reason must be at most 1000 characters.' }],
      ),
    });
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Fine.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(
      await within(dialog).findByText('The reason must be at most 1000 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Dismiss the reports?' })).toBeInTheDocument();
  });

  it('switches to Closed and filters by type through the query', async () => {
    const { calls } = mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': (req) =>
        req.url.searchParams.get('status') === 'closed'
          ? page([
              makeCase({
                status: 'closed',
                resolution: {
                  action: 'dismiss',
                  reason: 'Not harassment.',
                  moderator: { id: 'mod-1', username: 'mod', name: 'Mod', avatarUrl: null },
                  at: '2026-05-01T10:00:00.000Z',
                },
              }),
            ])
          : page([]),
    });
    const { user } = renderQueue();
    expect(await screen.findByText('No open reports. Nice and quiet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    const card = await screen.findByTestId('case');
    expect(card).toHaveTextContent(/Dismissed by @mod/);
    expect(card).toHaveTextContent('Not harassment.');
    expect(within(card).queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(queueCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('closed');

    await user.click(screen.getByRole('radio', { name: 'Posts' }));
    await waitFor(() =>
      expect(queueCalls(calls).at(-1)!.url.searchParams.get('type')).toBe('post'),
    );
    expect(queueCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('closed');
  });

  it('loads the next page with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/moderation/queue/count': COUNT,
      'GET /api/moderation/queue': (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? page([makeCase({ targetId: 'second' })])
          : page([makeCase({ targetId: 'first' })], 'next'),
    });
    const { user } = renderQueue();
    expect(await screen.findAllByTestId('case')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('case')).toHaveLength(2));
    expect(queueCalls(calls).at(-1)!.url.searchParams.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
