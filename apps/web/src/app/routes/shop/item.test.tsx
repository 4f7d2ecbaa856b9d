import type { ShopItem } from '@otakura/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { shopKeys } from '@/features/shop/api/shop-keys';
import { ITEM_ID, makeShopItem, SELLER_ID } from '@/features/shop/testing/shop-fixtures';
import { installFakeLiveSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./item');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The value shown next to a fact's label ('Condition', 'Price' …). */
function fact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('/item/:shoppostid', () => {
  it('names the series the item is merch of, and the volume it is, linking to the series', async () => {
    const seriesId = '0190dddd-0000-7000-8000-00000000b001';
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({
        name: 'Lighthouse Letters Vol. 2',
        series: { id: seriesId, title: 'Lighthouse Letters', kind: 'manga' },
        volume: { id: '0190dddd-0000-7000-8000-00000000d002', number: 2, title: '' },
      }),
    });
    renderRoute(`/item/${ITEM_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Lighthouse Letters Vol. 2' });
    const link = within(fact('Series') as HTMLElement).getByRole('link');
    expect(link).toHaveTextContent('Lighthouse Letters, Vol. 2');
    expect(link).toHaveAttribute('href', `/media/${seriesId}`);
  });

  it("shows 'Loading...', then the name, picture, seller, like, About, Condition, Quantity, Price and Shipping", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: async () => {
        await gate;
        return makeShopItem();
      },
    });
    renderRoute(`/item/${ITEM_ID}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frieren acrylic stand' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Frieren acrylic stand · /);
    expect(screen.getByRole('img', { name: 'Frieren acrylic stand' })).toHaveAttribute(
      'src',
      '/files/shop/stand.webp',
    );
    expect(screen.getByRole('link', { name: '@himmel' })).toHaveAttribute(
      'href',
      `/user/${SELLER_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Like 12' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByText('A 15 cm stand of Frieren with her staff.')).toBeInTheDocument();
    expect(fact('Condition')).toHaveTextContent('New');
    expect(fact('Quantity')).toHaveTextContent('3 in stock');
    expect(fact('Price')).toHaveTextContent('$19.99');
    expect(fact('Shipping')).toHaveTextContent('$4.50');
    expect(screen.getByTestId('shop-item-price')).toHaveTextContent('$19.99');
    expect(screen.queryByText('Sold out')).not.toBeInTheDocument();
    // The buy action is the cart's (app/routes/cart/add-to-cart.test.tsx).
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('says Sold out when none are left, and Free for no shipping', async () => {
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({
        quantity: 0,
        soldOut: true,
        shippingCents: 0,
        condition: '',
        about: '',
      }),
    });
    renderRoute(`/item/${ITEM_ID}`);
    expect(await screen.findByTestId('shop-item-stock')).toHaveTextContent('Sold out');
    expect(fact('Quantity')).toHaveTextContent('Sold out');
    expect(fact('Shipping')).toHaveTextContent('Free');
    expect(fact('Condition')).toHaveTextContent('Not stated');
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
  });

  it("shows 'This item cannot be found.' for an unknown id, with the way back to the shop", async () => {
    mockApi({
      'GET /api/shop/items/nope': apiError(
        404,
        'shop_item_not_found',
        'This item cannot be found.',
      ),
    });
    renderRoute('/item/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This item cannot be found.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });

  it('likes at once, and rolls back with a toast when the server refuses', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({ likeCount: 41, likedByMe: false }),
      [`PUT /api/shop/items/${ITEM_ID}/like`]: async () => {
        await gate;
        return apiError(500, 'internal_error', 'Server exploded.');
      },
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    const like = await screen.findByRole('button', { name: /^Like\b/ });
    expect(screen.getByTestId('shop-like-count')).toHaveTextContent('41');
    await user.click(like);
    // Optimistic.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('shop-like-count')).toHaveTextContent('42');
    expect(like).toHaveAccessibleName('Like 42');
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname.endsWith('/like'))).toBe(true);
    release();
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('shop-like-count')).toHaveTextContent('41');
    expect(await screen.findByText('Could not like. Please try again.')).toBeInTheDocument();
  });

  it("likes and unlikes: PUT then DELETE, the server's count wins", async () => {
    const { calls } = mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({ likeCount: 41, likedByMe: false }),
      [`PUT /api/shop/items/${ITEM_ID}/like`]: { liked: true, likeCount: 50 },
      [`DELETE /api/shop/items/${ITEM_ID}/like`]: { liked: false, likeCount: 49 },
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    const like = await screen.findByRole('button', { name: /^Like\b/ });
    await user.click(like);
    await waitFor(() => expect(screen.getByTestId('shop-like-count')).toHaveTextContent('50'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await user.click(like);
    await waitFor(() => expect(screen.getByTestId('shop-like-count')).toHaveTextContent('49'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    const methods = calls.filter((c) => c.url.pathname.endsWith('/like')).map((c) => c.method);
    expect(methods).toEqual(['PUT', 'DELETE']);
  });
});

describe('live on /item/:shoppostid', () => {
  it('shows others’ likes as they happen', async () => {
    const live = installFakeLiveSocket();
    mockApi({ [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({ likeCount: 1 }) });
    const { queryClient } = renderRoute(`/item/${ITEM_ID}`);
    expect(await screen.findByTestId('shop-like-count')).toHaveTextContent('1');
    await waitFor(() => expect(() => live.socket).not.toThrow());
    act(() => live.socket.open());
    await waitFor(() => expect(live.watched()).toContain(`shop:${ITEM_ID}`));
    act(() => live.confirm());

    act(() =>
      live.emit({
        type: 'shop.liked',
        topic: `shop:${ITEM_ID}`,
        itemId: ITEM_ID,
        likeCount: 1234,
        actorId: 'someone-else',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('shop-like-count')).toHaveTextContent('1.2k'));
    expect(screen.getByRole('button', { name: 'Like 1.2k' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('1,234 likes')).toBeInTheDocument();

    // The viewer's own like comes back too: the page already shows it (optimistically).
    act(() =>
      live.emit({
        type: 'shop.liked',
        topic: `shop:${ITEM_ID}`,
        itemId: ITEM_ID,
        likeCount: 5,
        actorId: 'user-1',
      }),
    );
    // Another item's event changes nothing here.
    act(() =>
      live.emit({
        type: 'shop.liked',
        topic: `shop:${ITEM_ID}`,
        itemId: '0190dddd-0000-7000-8000-00000000a009',
        likeCount: 9,
        actorId: 'someone-else',
      }),
    );
    // The cache is written at once, so this sees a wrongly applied event without waiting.
    expect(queryClient.getQueryData<ShopItem>(shopKeys.detail(ITEM_ID))?.likeCount).toBe(1234);
    expect(screen.getByTestId('shop-like-count')).toHaveTextContent('1.2k');
  });
});
