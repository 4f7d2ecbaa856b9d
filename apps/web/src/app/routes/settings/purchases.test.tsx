import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makeLine, makeOrder } from '@/features/orders/testing/order-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./purchases');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const id = (n: number) => `0190aaaa-0000-7000-8000-00000000000${n}`;

describe('/purchases', () => {
  it('lists the orders newest first with status, lines and totals, and loads more', async () => {
    const { calls } = mockApi({
      'GET /api/orders': (req) =>
        req.url.searchParams.get('cursor') === 'next-1'
          ? {
              items: [
                makeOrder({
                  id: id(4),
                  status: 'refunded',
                  cancelReason: 'sold_out',
                  lines: [makeLine({ name: 'Old poster', quantity: 1, unitPriceCents: 800 })],
                }),
              ],
              nextCursor: null,
            }
          : {
              items: [
                makeOrder({ id: id(1), status: 'pending', paidAt: null }),
                makeOrder({
                  id: id(2),
                  status: 'paid',
                  shippedAt: '2026-03-04T09:00:00.000Z',
                  lines: [makeLine({ name: 'Himmel keychain', quantity: 3, unitPriceCents: 500 })],
                }),
                makeOrder({ id: id(3), status: 'cancelled', cancelReason: 'expired' }),
              ],
              nextCursor: 'next-1',
            },
    });
    const { user } = renderRoute('/purchases');
    const rows = await screen.findAllByTestId('purchase');
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual([
      'Pending',
      'Paid',
      'Cancelled',
    ]);
    expect(within(rows[1]!).getByText('Himmel keychain × 3')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$15.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('order-total')).toHaveTextContent('$52.18');
    expect(within(rows[1]!).getByTestId('order-shipped')).toHaveTextContent(
      'Shipped on Mar 4, 2026',
    );
    expect(within(rows[0]!).queryByTestId('order-shipped')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('heading', { name: 'Order of Mar 1, 2026' })).toBeVisible();
    expect(
      within(rows[2]!).getByText('The time to pay ran out and the items were released.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('purchase')).toHaveLength(4));
    const last = screen.getAllByTestId('purchase')[3]!;
    expect(within(last).getByTestId('order-status')).toHaveTextContent('Refunded');
    expect(within(last).getByText('Old poster × 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/orders')
        .map((c) => c.url.searchParams.get('cursor')),
    ).toEqual([null, 'next-1']);
  });

  it('keeps the empty state when there are no orders', async () => {
    mockApi({ 'GET /api/orders': { items: [], nextCursor: null } });
    renderRoute('/purchases');
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute('href', '/shop');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/orders': () =>
        fail
          ? apiError(403, 'forbidden', 'No.')
          : { items: [makeOrder({ id: id(1) })], nextCursor: null },
    });
    const { user } = renderRoute('/purchases');
    expect(
      await screen.findByRole('heading', { name: 'Your purchases could not be loaded.' }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('purchase')).toBeInTheDocument();
  });
});
