import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { ITEM_A, ITEM_B, storeCart } from '@/features/cart/testing/cart-fixtures';
import { CART_STORAGE_KEY } from '@/features/cart/utils/cart-storage';
import { mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('../shop/shop');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});

describe("/shop's Cart (n) link", () => {
  it('counts the units in the cart, links to /cart and follows another tab', async () => {
    storeCart([
      [ITEM_A, 2],
      [ITEM_B, 1],
    ]);
    mockApi({ 'GET /api/shop/items': { items: [], nextCursor: null } });
    renderRoute('/shop');
    const link = await screen.findByRole('link', { name: 'Cart (3)' });
    expect(link).toHaveAttribute('href', '/cart');
    act(() => {
      const value = JSON.stringify({ items: [ITEM_A], quantities: [5] });
      localStorage.setItem(CART_STORAGE_KEY, value);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
    });
    expect(await screen.findByRole('link', { name: 'Cart (5)' })).toBeInTheDocument();
  });
});
