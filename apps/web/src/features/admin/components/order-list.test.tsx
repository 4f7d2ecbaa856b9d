import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, makeOrder, mockFetch } from '../testing/admin-mock';
import { OrderList } from './order-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (id: string) => screen.getByRole('article', { name: `Order ${id}` });

describe('OrderList', () => {
  it('offers Mark shipped only for paid orders not shipped yet', async () => {
    const paid = makeOrder({ id: '0190aaaa-0000-7000-8000-000000000001' });
    const shipped = makeOrder({
      id: '0190bbbb-0000-7000-8000-000000000002',
      shippedAt: '2026-03-02T09:00:00.000Z',
    });
    const pending = makeOrder({
      id: '0190cccc-0000-7000-8000-000000000003',
      status: 'pending',
      paidAt: null,
    });
    const refunded = makeOrder({ id: '0190dddd-0000-7000-8000-000000000004', status: 'refunded' });
    mockFetch({
      'GET /api/admin/orders': {
        body: { items: [paid, shipped, pending, refunded], nextCursor: null },
      },
    });
    renderWithProviders(<OrderList />);

    const paidCard = await screen.findByRole('article', { name: 'Order 00000001' });
    expect(within(paidCard).getByText('Paid')).toBeInTheDocument();
    expect(within(paidCard).getByRole('link', { name: '@fern' })).toHaveAttribute(
      'href',
      '/user/u-buyer',
    );
    expect(within(paidCard).getByText('Frieren acrylic stand × 2')).toBeInTheDocument();
    expect(within(paidCard).getByText('$48.98')).toBeInTheDocument();
    expect(within(paidCard).getByRole('button', { name: 'Mark shipped' })).toBeEnabled();

    expect(within(card('00000002')).getByText('Shipped')).toBeInTheDocument();
    for (const id of ['00000002', '00000003', '00000004']) {
      expect(within(card(id)).queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    }
    expect(screen.getAllByRole('button', { name: 'Mark shipped' })).toHaveLength(1);
  });

  it('asks first, then marks the order shipped and shows the Shipped badge', async () => {
    const order = makeOrder({ id: '0190aaaa-0000-7000-8000-000000000001' });
    const { calls } = mockFetch({
      'GET /api/admin/orders': { body: { items: [order], nextCursor: null } },
      [`POST /api/admin/orders/${order.id}/ship`]: {
        body: { ...order, shippedAt: '2026-03-02T09:00:00.000Z' },
      },
    });
    const { user } = renderWithProviders(<OrderList />);
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Mark order 00000001 as shipped?',
    });
    expect(dialog).toHaveTextContent('@fern is told that the order is on its way.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(within(card('00000001')).getByText('Shipped')).toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `/api/admin/orders/${order.id}/ship`,
    ]);
    expect(within(card('00000001')).queryByRole('button', { name: 'Mark shipped' })).toBeNull();
  });

  it('keeps the dialog and says why when the server refuses', async () => {
    const order = makeOrder({ id: '0190aaaa-0000-7000-8000-000000000001' });
    mockFetch({
      'GET /api/admin/orders': { body: { items: [order], nextCursor: null } },
      [`POST /api/admin/orders/${order.id}/ship`]: apiError(
        409,
        'order_not_paid',
        'Only a paid order can be shipped.',
      ),
    });
    const { user } = renderWithProviders(<OrderList />);
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Only a paid order can be shipped.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('switches filters and shows an empty state per filter', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/orders': { body: { items: [], nextCursor: null } },
    });
    const { user } = renderWithProviders(<OrderList />);
    expect(await screen.findByRole('heading', { name: 'Nothing to ship' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Shipped' }));
    expect(await screen.findByRole('heading', { name: 'No shipped orders yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Shipped' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((c) => c.url.searchParams.get('filter'))).toEqual(['to_ship', 'shipped']);
  });
});
