import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, mockFetch } from '../testing/admin-mock';
import { CommunityList } from './community-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = (n: number, name: string) => ({
  id: `0190eeee-0000-7000-8000-00000000000${n}`,
  name,
  imageUrl: null,
  thumbnailUrl: n === 1 ? '/files/c/1-640.webp' : null,
  memberCount: n * 10,
  isMember: false,
});

describe('CommunityList', () => {
  it('lists communities with members and editor links, loads more by cursor, and searches by name', async () => {
    const { calls } = mockFetch({
      'GET /api/communities': (req) => {
        const q = req.url.searchParams.get('q');
        if (q === 'zzz') return { body: { items: [], nextCursor: null } };
        if (q === 'mecha')
          return { body: { items: [summary(3, 'Mecha Lovers')], nextCursor: null } };
        return req.url.searchParams.get('cursor') === 'c1'
          ? { body: { items: [summary(2, 'Idol Stage Door')], nextCursor: null } }
          : { body: { items: [summary(1, 'Cosplay Workshop')], nextCursor: 'c1' } };
      },
    });
    const { user } = renderWithProviders(<CommunityList />);

    const first = await screen.findByRole('link', { name: 'Cosplay Workshop' });
    expect(first).toHaveAttribute('href', `/admin/communities/${summary(1, '').id}`);
    const row = first.closest('li')!;
    expect(within(row).getByText('10 members')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Cosplay Workshop' })).toHaveAttribute(
      'href',
      `/community/${summary(1, '').id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Idol Stage Door' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.type(screen.getByLabelText('Search communities'), 'mecha');
    expect(await screen.findByRole('link', { name: 'Mecha Lovers' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Cosplay Workshop' })).toBeNull(),
    );

    await user.clear(screen.getByLabelText('Search communities'));
    await user.type(screen.getByLabelText('Search communities'), 'zzz');
    expect(
      await screen.findByRole('heading', { name: 'No community matches “zzz”' }),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.url.searchParams.get('cursor'))).toContain('c1');
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    mockFetch({
      'GET /api/communities': () =>
        fail
          ? apiError(400, 'validation_error', 'q: Search text must be at most 200 characters.')
          : { body: { items: [summary(1, 'Cosplay Workshop')], nextCursor: null } },
    });
    const { user } = renderWithProviders(<CommunityList />);
    expect(await screen.findByText('This list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('q: Search text must be at most 200 characters.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Cosplay Workshop' })).toBeInTheDocument();
  });
});
