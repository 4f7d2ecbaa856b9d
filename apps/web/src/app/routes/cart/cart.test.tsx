import type { CartInput, CartQuoteLine } from '@otakura/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  ITEM_A,
  ITEM_B,
  makeQuote,
  makeQuoteLine,
  storeCart,
  storedCart,
} from '@/features/cart/testing/cart-fixtures';
import { apiError, mockApi, type MockRequest } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./cart');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const QUOTE = 'POST /api/cart/quote';
const CHECKOUT = 'POST /api/checkout';

/** The server's catalogue for these tests: the quote answers the lines it is asked for. */
const CATALOG: Record<string, Partial<CartQuoteLine>> = {
  [ITEM_A]: { name: 'Frieren acrylic stand', unitPriceCents: 1999, available: 3 },
  [ITEM_B]: { name: 'Himmel keychain', unitPriceCents: 500, available: 2, imageUrl: null },
};

/**
 * A quote for the asked lines, with totals that are deliberately not what the browser would add
 * up: the page must show the server's numbers.
 */
function quoteFor(req: MockRequest) {
  const input = req.body as CartInput;
  const lines = input.lines.map(({ itemId, quantity }) => {
    const item = CATALOG[itemId] ?? {};
    const available = item.available ?? 0;
    return makeQuoteLine({
      itemId,
      ...item,
      quantity: Math.min(quantity, available),
      problem: available === 0 ? 'sold_out' : quantity > available ? 'quantity_reduced' : null,
    });
  });
  const valid = input.promoCode?.toUpperCase() === 'SAVE10';
  return makeQuote({
    lines,
    subtotalCents: 12_345,
    shippingCents: 700,
    discountCents: valid ? 1234 : 0,
    taxCents: 999,
    totalCents: 77_777,
    promo: valid ? { code: 'SAVE10', label: '10% off' } : null,
    promoError: input.promoCode && !valid ? 'This promo code is not valid.' : null,
  });
}

function quoteBodies(calls: MockRequest[]): CartInput[] {
  return calls
    .filter((c) => c.method === 'POST' && c.path === '/api/cart/quote')
    .map((c) => c.body as CartInput);
}

/** `window.location.assign`, stubbed: checkout leaves the app with a full navigation. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('/cart', () => {
  it('says the cart is empty, with the way to the shop', async () => {
    const { calls } = mockApi({});
    renderRoute('/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(quoteBodies(calls)).toEqual([]);
  });

  it("shows 'Loading...', then the server's lines and totals; only ids and quantities are sent", async () => {
    storeCart([
      [ITEM_A, 2],
      [ITEM_B, 1],
    ]);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      [QUOTE]: async (req) => {
        await gate;
        return quoteFor(req);
      },
    });
    renderRoute('/cart');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    const a = await screen.findByRole('link', { name: 'Frieren acrylic stand' });
    expect(a).toHaveAttribute('href', `/item/${ITEM_A}`);
    expect(screen.getByRole('link', { name: 'Himmel keychain' })).toHaveAttribute(
      'href',
      `/item/${ITEM_B}`,
    );
    expect(screen.getByText('$19.99 each')).toBeInTheDocument();
    expect(screen.getByText('$39.98')).toBeInTheDocument();
    // The summary is the server's, not a sum made here.
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$123.45');
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('$7.00');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$9.99');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$777.77');
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(quoteBodies(calls)[0]).toEqual({
      lines: [
        { itemId: ITEM_A, quantity: 2 },
        { itemId: ITEM_B, quantity: 1 },
      ],
    });
  });

  it('keeps the quantity between 1 and the stock, and quotes again after a change', async () => {
    storeCart([[ITEM_B, 1]]);
    const { calls } = mockApi({ [QUOTE]: quoteFor });
    const { user } = renderRoute('/cart');
    const group = await screen.findByRole('group', { name: 'Quantity of Himmel keychain' });
    const minus = within(group).getByRole('button', { name: 'Decrease quantity' });
    const plus = within(group).getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    expect(plus).toBeEnabled();
    await user.click(plus);
    expect(within(group).getByText('2')).toBeInTheDocument();
    expect(plus).toBeDisabled(); // 2 in stock
    expect(minus).toBeEnabled();
    expect(storedCart()).toEqual({ items: [ITEM_B], quantities: [2] });
    await waitFor(() =>
      expect(quoteBodies(calls).at(-1)).toEqual({ lines: [{ itemId: ITEM_B, quantity: 2 }] }),
    );
    await user.click(minus);
    expect(minus).toBeDisabled();
    expect(storedCart()).toEqual({ items: [ITEM_B], quantities: [1] });
  });

  it('says what is wrong with a line: sold out blocks checkout, a lowered quantity is shown', async () => {
    CATALOG['gone'] = { name: 'Stark figure', available: 0 };
    storeCart([
      [ITEM_B, 5],
      ['gone', 1],
    ]);
    mockApi({ [QUOTE]: quoteFor });
    renderRoute('/cart');
    expect(await screen.findByText('Only 2 left — quantity lowered')).toBeInTheDocument();
    expect(screen.getByText('Sold out — remove it to check out')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Quantity of Himmel keychain' });
    expect(within(group).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    delete CATALOG['gone'];
  });

  it("removes a line with the toast 'Item successfully removed from cart!'", async () => {
    storeCart([
      [ITEM_A, 1],
      [ITEM_B, 1],
    ]);
    mockApi({ [QUOTE]: quoteFor });
    const { user } = renderRoute('/cart');
    await user.click(await screen.findByRole('button', { name: 'Remove Himmel keychain' }));
    expect(await screen.findByText('Item successfully removed from cart!')).toBeInTheDocument();
    expect(storedCart()).toEqual({ items: [ITEM_A], quantities: [1] });
    expect(screen.queryByRole('link', { name: 'Himmel keychain' })).not.toBeInTheDocument();
  });

  it("applies a promo code through the server, shows the server's refusal, and removes it", async () => {
    storeCart([[ITEM_A, 1]]);
    const { calls } = mockApi({ [QUOTE]: quoteFor });
    const { user } = renderRoute('/cart');
    const box = await screen.findByLabelText('Promo code');
    await user.type(box, 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code is not valid.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(quoteBodies(calls).at(-1)?.promoCode).toBe('nope');

    await user.clear(box);
    await user.type(box, ' save10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code SAVE10: 10% off')).toBeInTheDocument();
    expect(quoteBodies(calls).at(-1)?.promoCode).toBe('save10');
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('−$12.34');
    expect(screen.queryByText('This promo code is not valid.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove promo code' }));
    await waitFor(() => expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Promo code')).toHaveValue('');
  });

  it("checks out: 'Loading...' and disabled while starting, then goes to the payment page", async () => {
    storeCart([[ITEM_A, 2]]);
    const assign = stubAssign();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      [QUOTE]: quoteFor,
      [CHECKOUT]: async () => {
        await gate;
        return { status: 201, body: { orderId: 'o1', url: '/checkout/test/test_cs_1' } };
      },
    });
    const { user } = renderRoute('/cart');
    await screen.findByTestId('cart-total');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(calls.find((c) => c.path === '/api/checkout')?.body).toEqual({
      lines: [{ itemId: ITEM_A, quantity: 2 }],
    });
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/test_cs_1'));
    // Still busy while the browser leaves.
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it("shows the payment provider's message with alert and on the page, and keeps the cart", async () => {
    storeCart([[ITEM_A, 1]]);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const assign = stubAssign();
    mockApi({
      [QUOTE]: quoteFor,
      [CHECKOUT]: apiError(502, 'payment_provider_error', 'The card network is unavailable.'),
    });
    const { user } = renderRoute('/cart');
    await screen.findByTestId('cart-total');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('The card network is unavailable.'));
    expect(screen.getByTestId('cart-checkout-error')).toHaveTextContent(
      'The card network is unavailable.',
    );
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    expect(storedCart()).toEqual({ items: [ITEM_A], quantities: [1] });
  });

  it('after a 409 out_of_stock: alert, then the cart is quoted again', async () => {
    storeCart([[ITEM_A, 1]]);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = mockApi({
      [QUOTE]: quoteFor,
      [CHECKOUT]: apiError(409, 'out_of_stock', 'Sorry, Frieren acrylic stand just sold out.'),
    });
    const { user } = renderRoute('/cart');
    await screen.findByTestId('cart-total');
    const before = quoteBodies(calls).length;
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Sorry, Frieren acrylic stand just sold out.'),
    );
    await waitFor(() => expect(quoteBodies(calls).length).toBeGreaterThan(before));
    expect(storedCart()).toEqual({ items: [ITEM_A], quantities: [1] });
  });

  it('offers a retry when the quote fails', async () => {
    storeCart([[ITEM_A, 1]]);
    let fail = true;
    mockApi({
      [QUOTE]: (req) =>
        fail ? apiError(500, 'internal_error', 'Something went wrong on our side.') : quoteFor(req),
    });
    const { user } = renderRoute('/cart');
    expect(
      await screen.findByRole('heading', { name: 'The cart could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$777.77');
  });
});
