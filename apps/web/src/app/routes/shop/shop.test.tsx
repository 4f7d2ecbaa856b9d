import userEvent from '@testing-library/user-event';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { ITEM_ID, makeShopItem, makeShopSummary } from '@/features/shop/testing/shop-fixtures';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./shop');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const SECOND_ID = '0190dddd-0000-7000-8000-00000000a002';
const THIRD_ID = '0190dddd-0000-7000-8000-00000000a003';
const ITEMS = [
  makeShopSummary({
    id: ITEM_ID,
    name: 'Frieren acrylic stand',
    priceCents: 1999,
    likeCount: 1234,
  }),
  makeShopSummary({
    id: SECOND_ID,
    name: 'Mushishi artbook',
    priceCents: 450_000,
    likeCount: 0,
    quantity: 0,
    soldOut: true,
    imageUrl: null,
  }),
  makeShopSummary({ id: THIRD_ID, name: 'Gundam keychain', priceCents: 0, likeCount: 1 }),
];

function asked(calls: { url: URL }[]) {
  return calls
    .filter((c) => c.url.pathname === '/api/shop/items')
    .map((c) => c.url.searchParams.get('q'));
}

describe('/shop', () => {
  it('shows the items as cards linking to their page, with the price in dollars, likes and sold out', async () => {
    mockApi({ 'GET /api/shop/items': { body: { items: ITEMS, nextCursor: null } } });
    renderRoute('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Items' });
    const links = within(grid).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/item/${ITEM_ID}`,
      `/item/${SECOND_ID}`,
      `/item/${THIRD_ID}`,
    ]);
    const [stand, artbook, keychain] = links.map((l) => within(l));
    expect(stand!.getByText('Frieren acrylic stand')).toBeInTheDocument();
    expect(stand!.getByText('$19.99')).toBeInTheDocument();
    expect(stand!.getByText('1.2k')).toBeInTheDocument();
    expect(stand!.getByText('1,234 likes')).toBeInTheDocument();
    expect(stand!.queryByText('Sold out')).not.toBeInTheDocument();
    expect(artbook!.getByText('$4,500.00')).toBeInTheDocument();
    expect(artbook!.getByText('Sold out')).toBeInTheDocument();
    expect(artbook!.getByText('0 likes')).toBeInTheDocument();
    expect(keychain!.getByText('$0.00')).toBeInTheDocument();
    expect(keychain!.getByText('1 like')).toBeInTheDocument();
    // Nothing here promises buying.
    expect(screen.queryByRole('button', { name: /cart|buy/i })).not.toBeInTheDocument();
  });

  it("shows 'Loading...' while the first page loads", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      'GET /api/shop/items': async () => {
        await gate;
        return { body: { items: ITEMS, nextCursor: null } };
      },
    });
    renderRoute('/shop');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByRole('list', { name: 'Items' })).toBeInTheDocument();
  });

  it("searches with the top bar's 'Search Items' box, debounced, and keeps the text in ?q=", async () => {
    const { calls } = mockApi({
      'GET /api/shop/items': (req) => ({
        body: {
          items: ITEMS.filter((i) =>
            i.name.toLowerCase().includes((req.url.searchParams.get('q') ?? '').toLowerCase()),
          ),
          nextCursor: null,
        },
      }),
    });
    const { router } = renderRoute('/shop');
    expect(await screen.findByText('Mushishi artbook')).toBeInTheDocument();
    // Keystrokes with no pause between them (delay: null): however slow a loaded machine renders
    // each letter, the debounce timer cannot fire mid-word, so the count below is exact.
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByRole('searchbox', { name: 'Search Items' }), 'gundam');
    await waitFor(() => expect(screen.queryByText('Mushishi artbook')).not.toBeInTheDocument());
    expect(screen.getByText('Gundam keychain')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=gundam');
    // Typing settles before the grid is asked: not one request per letter.
    expect(asked(calls)).toEqual(['', 'gundam']);
  });

  it('says when nothing matches, and when there is nothing at all', async () => {
    mockApi({ 'GET /api/shop/items': { body: { items: [], nextCursor: null } } });
    const { router } = renderRoute('/shop?q=zzz');
    expect(await screen.findByText('No items match "zzz"')).toBeInTheDocument();
    await act(() => router.navigate('/shop?q=', { replace: true }));
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/shop/items': (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? {
              body: {
                items: [makeShopSummary({ id: 'i-4', name: 'Zeta Gundam model kit' })],
                nextCursor: null,
              },
            }
          : { body: { items: ITEMS, nextCursor: 'next' } },
    });
    const { user } = renderRoute('/shop');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Zeta Gundam model kit')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'next')).toBe(true);
    expect(screen.getAllByRole('link', { name: /Frieren acrylic stand/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the grid fails, and retries", async () => {
    let fail = true;
    mockApi({
      'GET /api/shop/items': () =>
        fail
          ? apiError(400, 'validation_error', 'q: Search text must be at most 200 characters.')
          : { body: { items: ITEMS, nextCursor: null } },
    });
    const { user } = renderRoute('/shop?q=x');
    expect(await screen.findByText('The items could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('q: Search text must be at most 200 characters.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Frieren acrylic stand')).toBeInTheDocument();
  });

  it('opens an item from its card, and a like there shows on the card when going back', async () => {
    // The server's truth, so a refetch anywhere agrees with what the page shows.
    let likes = { likedByMe: false, likeCount: 1234 };
    mockApi({
      'GET /api/shop/items': () => ({
        body: {
          items: ITEMS.map((i) => (i.id === ITEM_ID ? { ...i, ...likes } : i)),
          nextCursor: null,
        },
      }),
      [`GET /api/shop/items/${ITEM_ID}`]: () => makeShopItem(likes),
      [`PUT /api/shop/items/${ITEM_ID}/like`]: () => {
        likes = { likedByMe: true, likeCount: 1300 };
        return { liked: true, likeCount: 1300 };
      },
    });
    const { user, router } = renderRoute('/shop');
    await user.click(await screen.findByRole('link', { name: /Frieren acrylic stand/ }));
    expect(router.state.location.pathname).toBe(`/item/${ITEM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Like 1.2k' }));
    expect(await screen.findByRole('button', { name: 'Like 1.3k' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await act(() => router.navigate(-1));
    const card = await screen.findByRole('link', { name: /Frieren acrylic stand/ });
    expect(within(card).getByText('1,300 likes')).toBeInTheDocument();
  });
});
