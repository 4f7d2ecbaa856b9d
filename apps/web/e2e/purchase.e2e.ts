import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import {
  captureScreen,
  escapeRe,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
} from './browser';

interface Item {
  id: string;
  name: string;
  quantity: number;
  soldOut: boolean;
}
interface Order {
  id: string;
  status: string;
  totalCents: number;
  discountCents: number;
  lines: Array<{ itemId: string; quantity: number }>;
}

let browser: Browser;
/** An item with a small stock (2–6), so both stepper limits can be reached. */
let item: Item;
/** Another item, added and then removed. */
let other: Item;
/** The session id of the paid test checkout (for the pictures of /success). */
let paidSession = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx } = await signedInPage(browser);
  const page = await getJson<{ items: Item[] }>(ctx, '/api/shop/items?limit=100');
  const inStock = page.items.filter((i) => !i.soldOut);
  item = inStock.find((i) => i.quantity >= 3 && i.quantity <= 6)!;
  other = inStock.find((i) => i.id !== item?.id && i.quantity >= 2)!;
  if (!item || !other) throw new Error('the demo shop needs items with a small stock');
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

async function emptyCart(page: Page): Promise<void> {
  await page.goto('/shop');
  await page.evaluate(() => localStorage.removeItem('otakura.cart'));
}

async function addFromItemPage(page: Page, target: Item, quantity = 1): Promise<void> {
  await page.goto(`/item/${target.id}`);
  await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
  for (let i = 1; i < quantity; i++)
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.waitFor();
  await drawer.getByText(target.name).first().waitFor(POLL);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Demo Buyer');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function myOrders(ctx: BrowserContext): Promise<Order[]> {
  return (await getJson<{ items: Order[] }>(ctx, '/api/orders?limit=50')).items;
}

describe('buying from the shop', () => {
  it('adds an item twice, meets both quantity limits, removes another, applies a promo code and pays with 4242', async () => {
    const { ctx, page } = await signedInPage(browser);
    await emptyCart(page);
    await page.getByPlaceholder('Search Items').fill(item.name.slice(0, 5).toLowerCase());
    await page
      .getByRole('link', { name: new RegExp(escapeRe(item.name)) })
      .first()
      .click();
    await page.waitForURL(`**/item/${item.id}`);
    await addFromItemPage(page, item); // once from the search…
    await addFromItemPage(page, item); // …and again: the same line, quantity 2
    await addFromItemPage(page, other);

    await page.goto('/cart');
    const quantity = page.getByRole('group', { name: `Quantity of ${item.name}` });
    await quantity.waitFor(POLL);
    await expect.poll(() => quantity.textContent(), POLL).toContain('2');
    const minus = quantity.getByRole('button', { name: 'Decrease quantity' });
    const plus = quantity.getByRole('button', { name: 'Increase quantity' });
    await minus.click();
    await expect.poll(() => minus.isDisabled(), POLL).toBe(true); // floor at 1
    for (let n = 1; n < item.quantity; n++) await plus.click();
    await expect.poll(() => plus.isDisabled(), POLL).toBe(true); // capped at the stock
    await expect.poll(() => quantity.textContent(), POLL).toContain(String(item.quantity));
    await minus.click(); // buy one less than the stock

    await page.getByRole('button', { name: `Remove ${other.name}` }).click();
    await page.getByText('Item successfully removed from cart!').first().waitFor(POLL);
    await expect
      .poll(() => page.getByRole('group', { name: `Quantity of ${other.name}` }).count(), POLL)
      .toBe(0);

    await page.getByLabel('Promo code').fill('OTAKU10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/Promo code OTAKU10/).waitFor(POLL);
    await page.getByText('Discount').first().waitFor(POLL);

    const checkout = page.getByRole('button', { name: 'Checkout' });
    await checkout.click();
    await page.waitForURL('**/checkout/test/**');
    await page.getByText('Test checkout — no real charge').waitFor(POLL);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL('**/success?session_id=**');
    paidSession = new URL(page.url()).searchParams.get('session_id') ?? '';
    await page.getByText('Success! Purchase completed').waitFor(POLL);
    // The cart is cleared once the order is paid.
    await expect
      .poll(
        async () => (await page.evaluate(() => localStorage.getItem('otakura.cart'))) ?? '',
        POLL,
      )
      .not.toContain(item.id);

    const paid = (await myOrders(ctx)).find((o) => o.status === 'paid');
    expect(paid?.lines).toEqual([
      expect.objectContaining({ itemId: item.id, quantity: item.quantity - 1 }),
    ]);
    expect(paid!.discountCents).toBeGreaterThan(0);
    const after = await getJson<Item>(ctx, `/api/shop/items/${item.id}`);
    expect(after.quantity).toBe(1);

    await page.goto('/purchases');
    await page.getByText('Paid').first().waitFor(POLL);
    await page
      .getByText(new RegExp(escapeRe(item.name)))
      .first()
      .waitFor(POLL);
    await ctx.close();
  }, 180_000);

  it('ends a declined card on a clear error with the cart kept, and cancelling releases the hold', async () => {
    const { ctx, page } = await signedInPage(browser);
    await emptyCart(page);
    await addFromItemPage(page, other);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout/test/**');
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor(POLL);
    expect(page.url()).toContain('/checkout/test/');
    await page.getByRole('link', { name: 'Cancel and return to cart' }).click();
    await page.waitForURL('**/cancel**');
    await page.getByText('Purchase Canceled').waitFor(POLL);
    await expect
      .poll(async () => (await myOrders(ctx)).find((o) => o.status === 'cancelled')?.id, POLL)
      .toBeTruthy();
    // Read once the cancel has landed: a list read before it may still show the order pending.
    const cancelled = await myOrders(ctx);
    expect(cancelled.some((o) => o.status === 'pending')).toBe(false);
    // The hold is released and the cart kept.
    expect((await getJson<Item>(ctx, `/api/shop/items/${other.id}`)).quantity).toBe(other.quantity);
    await page.goto('/cart');
    await page.getByRole('group', { name: `Quantity of ${other.name}` }).waitFor(POLL);
    await ctx.close();
  }, 120_000);

  for (const { viewport, theme } of VARIANTS) {
    it(`screenshots the cart, the test checkout, cancel, success and purchases (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      const tag = `${viewport}-${theme}`;
      await page.goto('/shop');
      await page.evaluate(
        (id) =>
          localStorage.setItem('otakura.cart', JSON.stringify({ items: [id], quantities: [1] })),
        other.id,
      );
      await page.goto('/cart');
      const summary = page.getByRole('heading', { name: 'Order summary' });
      await summary.waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `shop-cart-${tag}`, { expectVisible: summary, axe: true });

      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL('**/checkout/test/**');
      const form = page.getByRole('textbox', { name: 'Card number' });
      await form.waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `shop-test-checkout-${tag}`, { expectVisible: form, axe: true });
      await page.getByRole('link', { name: 'Cancel and return to cart' }).click();
      const cancelled = page.getByText('Purchase Canceled');
      await cancelled.waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `shop-cancel-${tag}`, { expectVisible: cancelled, axe: true });

      await page.goto(`/success?session_id=${encodeURIComponent(paidSession)}`);
      const done = page.getByText('Success! Purchase completed');
      await done.waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `shop-success-${tag}`, { expectVisible: done, axe: true });

      await page.goto('/purchases');
      // Newest first: the cancelled checkouts of these pictures come before the paid order.
      const heading = page.getByRole('heading', { level: 1 });
      await page.getByText('Paid').first().waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `shop-purchases-${tag}`, { expectVisible: heading, axe: true });
      await ctx.close();
    }, 150_000);
  }
});
