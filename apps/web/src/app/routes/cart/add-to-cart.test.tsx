import type { CartInput } from '@otakura/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  makeQuote,
  makeQuoteLine,
  storeCart,
  storedCart,
} from '@/features/cart/testing/cart-fixtures';
import { mockApi, type MockRequest } from '@/features/posts/testing/posts-mock';
import { ITEM_ID, makeShopItem } from '@/features/shop/testing/shop-fixtures';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('../shop/item');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ITEM = `GET /api/shop/items/${ITEM_ID}`;

function quoteFor(req: MockRequest) {
  const input = req.body as CartInput;
  return makeQuote({
    lines: input.lines.map((l) =>
      makeQuoteLine({ itemId: l.itemId, quantity: Math.min(l.quantity, 3), available: 3 }),
    ),
    subtotalCents: 5997,
  });
}

describe('Add to cart (item page)', () => {
  it('keeps the quantity between 1 and the stock', async () => {
    mockApi({ [ITEM]: makeShopItem({ quantity: 3 }) });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    const group = await screen.findByRole('group', { name: 'Quantity' });
    const minus = within(group).getByRole('button', { name: 'Decrease quantity' });
    const plus = within(group).getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(within(group).getByText('3')).toBeInTheDocument();
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
  });

  it('adds the chosen quantity and opens the cart drawer with the server’s lines, View cart and Checkout', async () => {
    const { calls } = mockApi({
      [ITEM]: makeShopItem({ quantity: 3 }),
      'POST /api/cart/quote': quoteFor,
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    const group = await screen.findByRole('group', { name: 'Quantity' });
    await user.click(within(group).getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(storedCart()).toEqual({ items: [ITEM_ID], quantities: [2] });
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(
      await within(drawer).findByRole('link', { name: 'Frieren acrylic stand' }),
    ).toHaveAttribute('href', `/item/${ITEM_ID}`);
    expect(within(drawer).getByTestId('cart-drawer-subtotal')).toHaveTextContent('$59.97');
    expect(within(drawer).getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(within(drawer).getByRole('button', { name: 'Checkout' })).toBeEnabled();
    const quoted = calls.find((c) => c.path === '/api/cart/quote')?.body;
    expect(quoted).toEqual({ lines: [{ itemId: ITEM_ID, quantity: 2 }] });
  });

  it('never puts more than the stock in the cart', async () => {
    storeCart([[ITEM_ID, 2]]);
    mockApi({ [ITEM]: makeShopItem({ quantity: 3 }), 'POST /api/cart/quote': quoteFor });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    const group = await screen.findByRole('group', { name: 'Quantity' });
    await user.click(within(group).getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(storedCart()).toEqual({ items: [ITEM_ID], quantities: [3] });
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('checks out from the drawer', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      [ITEM]: makeShopItem({ quantity: 3 }),
      'POST /api/cart/quote': quoteFor,
      'POST /api/checkout': {
        status: 201,
        body: { orderId: 'o1', url: 'https://checkout.stripe.com/c/pay/cs_1' },
      },
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    await within(drawer).findByTestId('cart-drawer-subtotal');
    await user.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'),
    );
  });

  it('offers a disabled Sold out button and no quantity when none are left', async () => {
    mockApi({ [ITEM]: makeShopItem({ quantity: 0, soldOut: true }) });
    renderRoute(`/item/${ITEM_ID}`);
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quantity' })).not.toBeInTheDocument();
  });
});
