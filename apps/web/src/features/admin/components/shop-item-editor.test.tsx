import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  apiError,
  installFakeXhr,
  ITEM_ID,
  makeItem,
  mockFetch,
  type MockRequest,
} from '../testing/admin-mock';
import { ShopItemEditor } from './shop-item-editor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const writes = (calls: MockRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('ShopItemEditor: new item', () => {
  it('checks every field before sending: amounts, whole quantity, the shared schema', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithProviders(<ShopItemEditor />);
    await user.type(screen.getByLabelText('Price'), '12.345');
    await user.clear(screen.getByLabelText('Shipping per unit'));
    await user.type(screen.getByLabelText('Shipping per unit'), '20000');
    await user.clear(screen.getByLabelText('Quantity in stock'));
    await user.type(screen.getByLabelText('Quantity in stock'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Create item' }));

    expect(await screen.findByText('Please enter a name.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter an amount like 12.50 (at most two decimals).')).toBeVisible();
    expect(screen.getByText('The amount must be at most 10000.00.')).toBeVisible();
    expect(screen.getByText('Enter a whole number.')).toBeVisible();
    expect(writes(calls)).toEqual([]);
  });

  it('sends money as cents, then shows the server’s field errors under their fields', async () => {
    const { calls } = mockFetch({
      'POST /api/admin/shop/items': apiError(400, 'validation_error', 'quantity: too many', [
        { path: 'quantity', message: 'Quantity must be at most 100000.' },
      ]),
    });
    const { user } = renderWithProviders(<ShopItemEditor />);
    await user.type(screen.getByLabelText('Name'), 'Frieren acrylic stand');
    await user.type(screen.getByLabelText('Condition'), 'New');
    await user.type(screen.getByLabelText('Price'), '19.9');
    await user.clear(screen.getByLabelText('Shipping per unit'));
    await user.type(screen.getByLabelText('Shipping per unit'), '4,50');
    await user.clear(screen.getByLabelText('Quantity in stock'));
    await user.type(screen.getByLabelText('Quantity in stock'), '3');
    await user.click(screen.getByRole('button', { name: 'Create item' }));

    expect(await screen.findByText('Quantity must be at most 100000.')).toBeVisible();
    expect(screen.getByLabelText('Quantity in stock')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Frieren acrylic stand',
      about: '',
      condition: 'New',
      priceCents: 1990,
      shippingCents: 450,
      quantity: 3,
    });
  });

  it('creates the item, then uploads its photo with PUT and real progress, then opens its editor', async () => {
    const xhrs = installFakeXhr();
    mockFetch({ 'POST /api/admin/shop/items': { status: 201, body: makeItem() } });
    const { user, router } = renderWithProviders(<ShopItemEditor />);
    await user.type(screen.getByLabelText('Name'), 'Frieren acrylic stand');
    await user.type(screen.getByLabelText('Price'), '19.99');
    await user.upload(
      screen.getByTestId('shop-item-image-input'),
      new File([new Uint8Array(2000)], 'stand.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Create item' }));

    await waitFor(() => expect(xhrs).toHaveLength(1));
    expect(xhrs[0]!.method).toBe('PUT');
    expect(xhrs[0]!.url).toBe(`/api/admin/shop/items/${ITEM_ID}/image`);
    act(() => xhrs[0]!.progress(1000, 2000));
    expect(await screen.findByRole('progressbar', { name: 'Photo upload' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    act(() => xhrs[0]!.answer(200, makeItem({ imageUrl: '/files/shop/stand.webp' })));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/shop/${ITEM_ID}`));
  });
});

describe('ShopItemEditor: existing item', () => {
  it('shows the stored values as amounts and sends only what changed, in cents', async () => {
    const { calls } = mockFetch({
      [`GET /api/shop/items/${ITEM_ID}`]: { body: makeItem() },
      [`PATCH /api/admin/shop/items/${ITEM_ID}`]: (req) => ({
        body: makeItem(req.body as object),
      }),
    });
    const { user } = renderWithProviders(<ShopItemEditor itemId={ITEM_ID} />);
    const price = await screen.findByLabelText('Price');
    expect(price).toHaveValue('19.99');
    expect(screen.getByLabelText('Shipping per unit')).toHaveValue('4.50');
    expect(screen.getByText('Sold by @root')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ priceCents: 2500 });
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });
});
