import type { Role } from '@otakura/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makeStanding, mockApi, page, type MockRequest } from '../testing/moderation-mock';
import { PeopleView } from './people-view';

configure({ asyncUtilTimeout: 9000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const PEOPLE = [
  makeStanding({ id: 'u-user', username: 'kenji', warningCount: 1 }),
  makeStanding({
    id: 'u-susp',
    username: 'spammer',
    suspended: true,
    suspendedUntil: '2026-06-01T00:00:00.000Z',
    suspensionReason: 'Spam links.',
  }),
  makeStanding({ id: 'u-mod', username: 'mika', role: 'moderator' }),
  makeStanding({ id: 'u-admin', username: 'root', role: 'admin' }),
  makeStanding({ id: 'me', username: 'me', role: 'moderator' }),
];

const peopleCalls = (calls: MockRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/moderation/users');

function renderPeople(viewerRole: Role) {
  return renderWithProviders(<PeopleView viewerId="me" viewerRole={viewerRole} />, {
    path: '/moderation/people',
  });
}

function rowOf(username: string): HTMLElement {
  const row = screen.getAllByTestId('person').find((r) => r.textContent?.includes(`@${username}`));
  if (!row) throw new Error(`no row for @${username}`);
  return row;
}

const buttons = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('people', () => {
  it('shows role buttons to admins only, never on admins, staff or oneself', async () => {
    mockApi({ 'GET /api/moderation/users': page(PEOPLE) });
    renderPeople('admin');
    await screen.findAllByTestId('person');
    expect(buttons(rowOf('kenji'))).toEqual(['Warn', 'Suspend', 'Make moderator']);
    expect(rowOf('kenji')).toHaveTextContent('1 warning');
    expect(buttons(rowOf('spammer'))).toEqual(['Lift suspension']);
    expect(rowOf('spammer')).toHaveTextContent('Suspended until');
    expect(rowOf('spammer')).toHaveTextContent('Spam links.');
    expect(buttons(rowOf('mika'))).toEqual(['Remove moderator']);
    expect(buttons(rowOf('root'))).toEqual([]);
    expect(buttons(rowOf('me'))).toEqual([]);
  });

  it('gives moderators no role buttons', async () => {
    mockApi({ 'GET /api/moderation/users': page(PEOPLE) });
    renderPeople('moderator');
    await screen.findAllByTestId('person');
    expect(buttons(rowOf('kenji'))).toEqual(['Warn', 'Suspend']);
    expect(buttons(rowOf('mika'))).toEqual([]);
    expect(screen.queryByRole('button', { name: /moderator/ })).not.toBeInTheDocument();
  });

  it('makes a moderator with a reason through the admin route', async () => {
    const { calls } = mockApi({
      'GET /api/moderation/users': page(PEOPLE),
      'PUT /api/admin/users/u-user/role': {
        body: makeStanding({ id: 'u-user', role: 'moderator' }),
      },
    });
    const { user } = renderPeople('admin');
    await screen.findAllByTestId('person');
    await user.click(within(rowOf('kenji')).getByRole('button', { name: 'Make moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make @kenji a moderator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Trusted member.');
    await user.click(within(dialog).getByRole('button', { name: 'Make moderator' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      role: 'moderator',
      reason: 'Trusted member.',
    });
    expect(await screen.findByText('@kenji is now a moderator')).toBeInTheDocument();
  });

  it('lifts a suspension and shows the new standing at once', async () => {
    let lifted = false;
    const { calls } = mockApi({
      'GET /api/moderation/users': () => (lifted ? new Promise<never>(() => {}) : page(PEOPLE)),
      'POST /api/moderation/users/u-susp/unsuspend': () => {
        lifted = true;
        return { body: makeStanding({ id: 'u-susp', username: 'spammer' }) };
      },
    });
    const { user } = renderPeople('moderator');
    await screen.findAllByTestId('person');
    await user.click(within(rowOf('spammer')).getByRole('button', { name: 'Lift suspension' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Lift the suspension of @spammer?',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Appeal accepted.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(buttons(rowOf('spammer'))).toEqual(['Warn', 'Suspend']));
    expect(rowOf('spammer')).not.toHaveTextContent('Suspended until');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Appeal accepted.' });
  });

  it('searches and filters through the query', async () => {
    const { calls } = mockApi({ 'GET /api/moderation/users': page(PEOPLE) });
    const { user } = renderPeople('moderator');
    await screen.findAllByTestId('person');
    expect(peopleCalls(calls)[0]!.url.searchParams.get('filter')).toBe('all');
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'ken');
    await waitFor(() => expect(peopleCalls(calls).at(-1)!.url.searchParams.get('q')).toBe('ken'));
    await user.click(screen.getByRole('radio', { name: 'Suspended' }));
    await waitFor(() =>
      expect(peopleCalls(calls).at(-1)!.url.searchParams.get('filter')).toBe('suspended'),
    );
    expect(peopleCalls(calls).at(-1)!.url.searchParams.get('q')).toBe('ken');
  });
});
