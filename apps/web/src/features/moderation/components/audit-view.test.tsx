import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  makeAuditEntry,
  makeSummary,
  mockApi,
  page,
  type MockRequest,
} from '../testing/moderation-mock';
import { AuditView, dayBound } from './audit-view';

configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const auditCalls = (calls: MockRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/moderation/audit');

const MOD_ID = '0190aaaa-0000-7000-8000-0000000000aa';

describe('the audit log', () => {
  it('lists entries with when, who, a human action, the target, subject and reason', async () => {
    mockApi({
      'GET /api/moderation/audit': page([
        makeAuditEntry(),
        makeAuditEntry({
          id: 'audit-2',
          actor: null,
          action: 'role.grant',
          targetId: 'u-9',
          subject: makeSummary({ id: 'u-9', username: 'mika' }),
          label: '@mika',
          reason: 'Trusted.',
          details: { from: 'user', to: 'moderator' },
        }),
      ]),
    });
    renderWithProviders(<AuditView viewerId={MOD_ID} />, { path: '/moderation/audit' });
    const [first, second] = (await screen.findAllByTestId('audit-entry')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('@mod');
    expect(first).toHaveTextContent('Suspended · 7 days');
    expect(within(first).getByRole('link', { name: 'User · @kenji' })).toHaveAttribute(
      'href',
      '/user/author-1',
    );
    expect(first).toHaveTextContent('Repeated harassment.');
    expect(second).toHaveTextContent('Command line');
    expect(second).toHaveTextContent('Granted a role · Member → Moderator');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'Who',
      'Action',
      'Target',
      'Concerning',
      'Reason',
    ]);
  });

  it('filters by action, dates and "by me" through the query, and clears them', async () => {
    const { calls } = mockApi({ 'GET /api/moderation/audit': page([makeAuditEntry()]) });
    const { user } = renderWithProviders(<AuditView viewerId={MOD_ID} />, {
      path: '/moderation/audit',
    });
    await screen.findAllByTestId('audit-entry');
    expect([...auditCalls(calls)[0]!.url.searchParams.keys()].sort()).toEqual(['limit']);

    await user.selectOptions(screen.getByLabelText('Action'), 'Suspended');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('action')).toBe('user.suspend'),
    );
    await user.type(screen.getByLabelText('From'), '2026-05-01');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('from')).toBe(
        dayBound('2026-05-01', false),
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Only my actions' }));
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)!.url.searchParams.get('actorId')).toBe(MOD_ID),
    );
    const last = auditCalls(calls).at(-1)!.url.searchParams;
    expect(last.get('action')).toBe('user.suspend');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Only my actions' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('turns a day into the start or end of that local day', () => {
    const start = new Date(dayBound('2026-05-01', false)!);
    const end = new Date(dayBound('2026-05-01', true)!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 4, 1, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes()]).toEqual([1, 23, 59]);
    expect(dayBound('nonsense', false)).toBeUndefined();
  });
});
