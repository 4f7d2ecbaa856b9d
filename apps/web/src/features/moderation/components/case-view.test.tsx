import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, makeCase, makeSummary, mockApi } from '../testing/moderation-mock';
import { CaseView } from './case-view';

configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const manyReports = Array.from({ length: 20 }, (_, i) => ({
  id: `r-${i}`,
  reporter: makeSummary({ id: `rep-${i}`, username: `reporter${i}` }),
  reason: 'spam' as const,
  details: null,
  createdAt: '2026-05-01T10:00:00.000Z',
}));

describe('the case page', () => {
  it('shows the case in full with all its reports and acts on it in place', async () => {
    const open = makeCase({ reportCount: 25, reports: manyReports });
    const { calls } = mockApi({
      'GET /api/moderation/cases/comment/comment-1': { body: open },
      'GET /api/moderation/queue/count': { body: { open: 1, overdue: 0 } },
      'POST /api/moderation/cases/comment/comment-1/actions': {
        body: {
          ...open,
          status: 'closed',
          resolution: {
            action: 'warn',
            reason: 'Be kind.',
            moderator: makeSummary({ id: 'mod-1', username: 'mod' }),
            at: '2026-05-01T12:00:00.000Z',
          },
        },
      },
    });
    const { user } = renderWithProviders(
      <CaseView targetType="comment" targetId="comment-1" viewerId="mod-1" />,
    );
    const card = await screen.findByTestId('case');
    expect(within(card).getByText('Reports (25)')).toBeInTheDocument();
    expect(within(card).getAllByText(/^@reporter\d+$/)).toHaveLength(20);
    expect(card).toHaveTextContent('and 5 more reports');
    expect(within(card).queryByRole('link', { name: 'Open case' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Warn author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn @kenji?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Be kind.');
    await user.click(within(dialog).getByRole('button', { name: 'Warn' }));
    await waitFor(() =>
      expect(screen.getByTestId('case')).toHaveTextContent('Author warned by @mod'),
    );
    expect(within(screen.getByTestId('case')).queryByRole('group', { name: 'Actions' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      action: 'warn',
      reason: 'Be kind.',
    });
  });

  it('says a case does not exist for a bad type or a 404', async () => {
    mockApi({
      'GET /api/moderation/cases/post/nope': apiError(404, 'case_not_found', 'Not found.'),
    });
    const first = renderWithProviders(<CaseView targetType="post" targetId="nope" viewerId="m" />);
    expect(
      await screen.findByRole('heading', { name: 'This case does not exist.' }),
    ).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<CaseView targetType="video" targetId="x" viewerId="m" />);
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
      'href',
      '/moderation',
    );
  });
});
