import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../testing/shop-mock';
import { renderWithProviders } from '@/test/render';
import { makeShopSummary } from '../testing/shop-fixtures';
import { MerchShelf } from './merch-shelf';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MEDIA_ID = '0190dddd-0000-7000-8000-00000000b001';
const COMMUNITY_ID = '0190dddd-0000-7000-8000-00000000c001';
const VOL1 = '0190dddd-0000-7000-8000-00000000d001';

const ITEMS = [
  {
    ...makeShopSummary({
      id: '0190dddd-0000-7000-8000-00000000a001',
      name: 'Lighthouse Letters Vol. 1',
      priceCents: 1299,
    }),
    volume: { id: VOL1, number: 1, title: 'Departures' },
    owned: true,
  },
  {
    ...makeShopSummary({
      id: '0190dddd-0000-7000-8000-00000000a002',
      name: 'Lighthouse tote bag',
      priceCents: 2500,
      quantity: 0,
      soldOut: true,
      imageUrl: null,
    }),
    volume: null,
    owned: false,
  },
];

describe('MerchShelf', () => {
  it("shows the series' items as cards linking to their page, with price, sold out and owned", async () => {
    const { calls } = mockApi({ [`GET /api/media/${MEDIA_ID}/merch`]: { items: ITEMS } });
    renderWithProviders(<MerchShelf of={{ media: MEDIA_ID }} />);
    const shelf = await screen.findByRole('region', { name: 'Merch' });
    const list = await within(shelf).findByRole('list', { name: 'Merch' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/item/${ITEMS[0]!.id}`,
      `/item/${ITEMS[1]!.id}`,
    ]);
    expect(links[0]).toHaveTextContent('Lighthouse Letters Vol. 1');
    expect(links[0]).toHaveTextContent('$12.99');
    expect(links[0]).toHaveTextContent('Owned');
    expect(links[0]).not.toHaveTextContent('Sold out');
    expect(links[1]).toHaveTextContent('$25.00');
    expect(links[1]).toHaveTextContent('Sold out');
    expect(links[1]).not.toHaveTextContent('Owned');
    expect(
      calls.filter((c) => c.url.pathname.endsWith('/merch')).map((c) => c.url.pathname),
    ).toEqual([`/api/media/${MEDIA_ID}/merch`]);
  });

  it("asks the community's shelf for a community", async () => {
    const { calls } = mockApi({ [`GET /api/communities/${COMMUNITY_ID}/merch`]: { items: ITEMS } });
    renderWithProviders(<MerchShelf of={{ community: COMMUNITY_ID }} />);
    expect(await screen.findByRole('list', { name: 'Merch' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `/api/communities/${COMMUNITY_ID}/merch`)).toBe(
      true,
    );
  });

  it('shows a skeleton row while loading, then nothing at all when there is no merch', async () => {
    let answer: (v: Response) => void = () => undefined;
    mockApi({
      [`GET /api/media/${MEDIA_ID}/merch`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { container } = renderWithProviders(<MerchShelf of={{ media: MEDIA_ID }} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading merch...');
    expect(screen.getByRole('heading', { name: 'Merch' })).toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ items: [] }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Merch' })).toBeNull());
    expect(container.querySelector('.merch-shelf')).toBeNull();
  });

  it('says when the shelf could not be loaded and retries', async () => {
    let fail = true;
    mockApi({
      [`GET /api/media/${MEDIA_ID}/merch`]: () =>
        fail ? apiError(400, 'bad_request', 'The request is not valid.') : { items: ITEMS },
    });
    const { user } = renderWithProviders(<MerchShelf of={{ media: MEDIA_ID }} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The merch could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Merch' })).toBeInTheDocument();
  });

  it('leaves the shelf out when the series is gone (404)', async () => {
    mockApi({
      [`GET /api/media/${MEDIA_ID}/merch`]: apiError(404, 'media_not_found', 'Media not found'),
    });
    const { container } = renderWithProviders(<MerchShelf of={{ media: MEDIA_ID }} />);
    await waitFor(() => expect(container.querySelector('.merch-shelf')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
