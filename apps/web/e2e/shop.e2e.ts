import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  likeCount: number;
  likedByMe: boolean;
  soldOut: boolean;
}

let browser: Browser;
let item: Item;

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx } = await signedInPage(browser);
  const page = await getJson<{ items: Item[] }>(ctx, '/api/shop/items?limit=100');
  item = page.items.find((i) => !i.likedByMe && !i.soldOut)!;
  if (!item) throw new Error('the demo shop needs an item the demo user has not liked');
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('shop catalog', () => {
  it('searches an item, opens it and likes it; the count is the server’s', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto('/shop');
    await page.getByPlaceholder('Search Items').fill(item.name.slice(0, 5).toLowerCase());
    const card = page.getByRole('link', { name: new RegExp(escapeRe(item.name)) }).first();
    await card.click();
    await page.waitForURL(`**/item/${item.id}`);
    await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
    // The cart's buy action: Add to cart, or a disabled Sold out.
    expect(await page.getByRole('button', { name: /^(Add to cart|Sold out)$/ }).count()).toBe(1);
    const like = page.getByRole('button', { name: /^Like\b/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed'), POLL).toBe('true');
    await expect
      .poll(async () => (await getJson<Item>(ctx, `/api/shop/items/${item.id}`)).likeCount, POLL)
      .toBe(item.likeCount + 1);
    await like.click();
    await expect
      .poll(async () => (await getJson<Item>(ctx, `/api/shop/items/${item.id}`)).likeCount, POLL)
      .toBe(item.likeCount);
    await ctx.close();
  });

  for (const { viewport, theme } of VARIANTS) {
    it(`screenshots the shop and an item (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      await page.goto('/shop');
      const grid = page.getByRole('list', { name: 'Items' });
      await grid.waitFor();
      await settle(page, 400);
      await captureScreen(page, `shop-grid-${viewport}-${theme}`, {
        expectVisible: grid,
        axe: true,
      });
      await page.goto(`/item/${item.id}`);
      const heading = page.getByRole('heading', { level: 1, name: item.name });
      await heading.waitFor();
      await settle(page, 400);
      await captureScreen(page, `shop-item-${viewport}-${theme}`, {
        expectVisible: heading,
        axe: true,
      });
      await ctx.close();
    }, 120_000);
  }
});
