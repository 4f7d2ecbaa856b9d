import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/api-mock';
import { renderWithProviders } from '@/test/render';
import { OwnedVolumes } from './owned-volumes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const USER_ID = '0190dddd-0000-7000-8000-0000000f0001';
const SERIES = {
  id: '0190dddd-0000-7000-8000-00000000b001',
  title: 'Lighthouse Letters',
  kind: 'manga' as const,
};
const VOLUMES = [
  {
    volumeId: '0190dddd-0000-7000-8000-00000000d001',
    number: 1,
    title: 'Departures',
    coverUrl: '/files/media/lh/v1.webp',
    series: SERIES,
    ownedAt: '2026-02-01T00:00:00.000Z',
  },
  {
    volumeId: '0190dddd-0000-7000-8000-00000000d002',
    number: 2,
    title: '',
    coverUrl: null,
    series: SERIES,
    ownedAt: '2026-02-02T00:00:00.000Z',
  },
];
const path = `GET /api/users/${USER_ID}/owned-volumes`;

describe('OwnedVolumes', () => {
  it('shows the owner their private shelf with "Only you can see this" and a way to change it', async () => {
    mockApi({ [path]: { body: { items: VOLUMES, public: false } } });
    renderWithProviders(<OwnedVolumes userId={USER_ID} own />);
    const shelf = await screen.findByRole('region', { name: 'Owned volumes' });
    expect(within(shelf).getByText(/Only you can see this/)).toBeInTheDocument();
    expect(within(shelf).getByRole('link', { name: 'Change' })).toHaveAttribute(
      'href',
      '/safety-privacy',
    );
    const links = within(within(shelf).getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', `/media/${SERIES.id}`);
    expect(links[0]).toHaveTextContent('Lighthouse Letters');
    expect(links[0]).toHaveTextContent('Vol. 1');
    expect(links[1]).toHaveTextContent('Vol. 2');
  });

  it('shows no privacy note once the shelf is public, nor to other viewers', async () => {
    mockApi({ [path]: { body: { items: VOLUMES, public: true } } });
    renderWithProviders(<OwnedVolumes userId={USER_ID} own />);
    await screen.findByRole('region', { name: 'Owned volumes' });
    expect(screen.queryByText(/Only you can see this/)).toBeNull();
  });

  it("shows another user's public shelf without the note", async () => {
    mockApi({ [path]: { body: { items: VOLUMES, public: true } } });
    renderWithProviders(<OwnedVolumes userId={USER_ID} />);
    const shelf = await screen.findByRole('region', { name: 'Owned volumes' });
    expect(within(shelf).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText(/Only you can see this/)).toBeNull();
  });

  it("leaves the shelf out when another user's list is private or when there are no volumes", async () => {
    const { calls } = mockApi({ [path]: { body: { items: [], public: false } } });
    const { container } = renderWithProviders(<OwnedVolumes userId={USER_ID} />);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/owned-volumes'))).toBe(true),
    );
    // No skeleton for others while loading, and nothing once the empty answer is in.
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(container.querySelector('.owned-volumes')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Owned volumes' })).toBeNull();
  });
});
