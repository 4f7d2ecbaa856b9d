import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { readCart, writeCart } from '@/features/cart/utils/cart-storage';
import {
  BUYER_ID,
  makeOrder,
  ORDER_ID,
  SESSION_ID,
} from '@/features/orders/testing/order-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { installFakeLiveSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await Promise.all([import('./success'), import('./cancel')]);
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn({ id: BUYER_ID }));
  localStorage.clear();
  writeCart([{ itemId: '0190cccc-0000-7000-8000-000000000001', quantity: 2 }]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const BY_SESSION = `GET /api/orders/by-session/${SESSION_ID}`;
const CANCEL = `POST /api/orders/by-session/${SESSION_ID}/cancel`;

describe('/success', () => {
  it("says 'Success! Purchase completed' for a paid order, lists it and clears the cart", async () => {
    mockApi({ [BY_SESSION]: makeOrder() });
    renderRoute(`/success?session_id=${SESSION_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Success! Purchase completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Frieren acrylic stand × 2')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$52.18');
    expect(screen.getByRole('link', { name: 'View your purchases' })).toHaveAttribute(
      'href',
      '/purchases',
    );
    await waitFor(() => expect(readCart()).toEqual([]));
  });

  it('waits for a pending order, keeps the cart, and turns paid on order.updated', async () => {
    const live = installFakeLiveSocket();
    let order = makeOrder({ status: 'pending', paidAt: null });
    const { calls } = mockApi({ [BY_SESSION]: () => order });
    renderRoute(`/success?session_id=${SESSION_ID}`);
    expect(await screen.findByText('Payment received, confirming your order…')).toBeInTheDocument();
    expect(screen.queryByText('Success! Purchase completed')).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(1);

    await waitFor(() => expect(() => live.socket).not.toThrow());
    act(() => live.socket.open());
    await waitFor(() => expect(live.watched()).toContain(`user:${BUYER_ID}`));
    act(() => live.confirm());

    const before = calls.length;
    order = makeOrder();
    act(() =>
      live.emit({
        type: 'order.updated',
        topic: `user:${BUYER_ID}`,
        orderId: ORDER_ID,
        status: 'paid',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Success! Purchase completed' }),
    ).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(before);
    await waitFor(() => expect(readCart()).toEqual([]));
  });

  it('says why a cancelled order did not go through, and keeps the cart', async () => {
    mockApi({
      [BY_SESSION]: makeOrder({ status: 'cancelled', paidAt: null, cancelReason: 'expired' }),
    });
    renderRoute(`/success?session_id=${SESSION_ID}`);
    expect(await screen.findByText('This order was cancelled.')).toBeInTheDocument();
    expect(
      screen.getByText('The time to pay ran out and the items were released.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Success! Purchase completed')).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(1);
  });

  it('is neutral for a session that is not the viewer’s (404), revealing nothing', async () => {
    mockApi({ [BY_SESSION]: apiError(404, 'order_not_found', 'This order cannot be found.') });
    renderRoute(`/success?session_id=${SESSION_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this purchase.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText(/×/)).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(1);
  });

  it('is neutral without a session id, and asks nothing', async () => {
    const { calls } = mockApi({});
    renderRoute('/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this purchase.' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('/orders'))).toEqual([]);
  });
});

describe('/cancel', () => {
  it("cancels the session once and says 'Purchase Canceled', keeping the cart", async () => {
    const { calls } = mockApi({
      [CANCEL]: makeOrder({ status: 'cancelled', paidAt: null, cancelReason: 'cancelled' }),
    });
    renderRoute(`/cancel?session_id=${SESSION_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase Canceled' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The items were released and your cart is kept, so you can check out again whenever you like.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/orders/by-session/${SESSION_ID}/cancel`,
    ]);
    expect(readCart()).toHaveLength(1);
  });

  it("without a session id shows just 'Purchase Canceled' and the way back", async () => {
    const { calls } = mockApi({});
    renderRoute('/cancel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase Canceled' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart');
    expect(calls.filter((c) => c.path.includes('/orders'))).toEqual([]);
  });
});
