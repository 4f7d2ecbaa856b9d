import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { salesQueryOptions } from '@/features/orders/api/get-sales';
import { EMPTY_PAGE, makeMe, mockApi } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./profile');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sale = (over: Record<string, unknown> = {}) => ({
  orderId: 'order-1',
  itemId: 'item-7',
  name: 'Mecha figure',
  quantity: 2,
  unitPriceCents: 1500,
  currency: 'USD',
  buyerUsername: 'kenji',
  paidAt: '2026-05-03T10:00:00.000Z',
  shippedAt: null,
  ...over,
});

describe('/profile sales', () => {
  it('lists what was sold, to whom, with the item linked', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      'GET /api/shop/sales': {
        body: {
          items: [
            sale(),
            sale({
              orderId: 'order-2',
              itemId: null,
              name: 'Old poster',
              quantity: 1,
              buyerUsername: null,
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderRoute('/profile');
    const section = await screen.findByRole('region', { name: 'Sales' }, { timeout: 10_000 });
    const lines = within(section).getAllByTestId('sale');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent(/Mecha figure × 2 — to @kenji · May 3, 2026/);
    expect(within(lines[0]!).getByRole('link', { name: 'Mecha figure' })).toHaveAttribute(
      'href',
      '/item/item-7',
    );
    expect(lines[1]).toHaveTextContent(/Old poster × 1 — to a deleted account/);
    expect(within(lines[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/shop/sales'))).toBe(true);
  });

  it('shows no sales section when nothing was sold', async () => {
    const { calls } = mockApi({
      'GET /api/me': { body: makeMe() },
      'GET /api/users/user-1/posts': { body: EMPTY_PAGE },
      'GET /api/shop/sales': { body: EMPTY_PAGE },
    });
    const { queryClient } = renderRoute('/profile');
    expect(
      await screen.findByText("You haven't posted yet", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Wait until the sales answer has arrived, so the section's absence is not just "still loading".
    await vi.waitFor(
      () => expect(queryClient.getQueryState(salesQueryOptions().queryKey)?.status).toBe('success'),
      { timeout: 10_000 },
    );
    expect(calls.some((c) => c.path.startsWith('/api/shop/sales'))).toBe(true);
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sales' })).not.toBeInTheDocument();
  });
});
