import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  captureScreen,
  escapeRe,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
  type Theme,
  type Viewport,
} from './browser';

/**
 * The admin area (issue 09): an admin creates a community and a shop item with pictures through
 * the forms, finds them in /search and /shop, marks a paid order shipped, and every admin screen
 * is pictured in the four variants with axe. The seeded admin (apps/server/src/seed) signs in;
 * E2E_ADMIN_EMAIL names another account granted admin with `npm run admin -- grant <email>`.
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@otakura.local';

interface Community {
  id: string;
  name: string;
  imageUrl: string | null;
  thumbnailUrl: string | null;
}
interface ShopItem {
  id: string;
  name: string;
  imageUrl: string | null;
  priceCents: number;
  shippingCents: number;
  quantity: number;
  condition: string;
}

// ---- a PNG made here, so the journey needs no binary fixture ---------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** A width × height RGB PNG: a diagonal gradient between two colours of the palette. */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++)
        row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the journey ------------------------------------------------------------------------------

const stamp = Date.now().toString(36);
const communityName = `Admin Journey ${stamp}`;
const itemName = `Admin Journey Figure ${stamp}`;

let browser: Browser;
let community: Community;
let item: ShopItem;

function adminPage(opts: { viewport?: Viewport; theme?: Theme } = {}) {
  return signedInPage(browser, { ...opts, email: ADMIN_EMAIL });
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin area', () => {
  it('is refused to a user who is not an admin', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto('/admin');
    await page
      .getByRole('heading', { level: 1, name: 'This page is for moderators and admins.' })
      .waitFor();
    const res = await ctx.request.get('/api/admin/orders');
    expect(res.status()).toBe(403);
    await ctx.close();
  });

  it('creates a community with a picture through the form; it is found in /search', async () => {
    const { ctx, page } = await adminPage();
    await page.goto('/admin');
    await page
      .getByRole('link', { name: /Communities/ })
      .first()
      .click();
    await page.waitForURL('**/admin/communities');
    await page.getByRole('link', { name: 'New community' }).first().click();
    await page.waitForURL('**/admin/communities/new');

    await page.getByLabel('Name', { exact: true }).fill(communityName);
    await page.getByLabel('About', { exact: true }).fill('Made by the admin journey.');
    await page.getByTestId('community-image-input').setInputFiles({
      name: 'journey.png',
      mimeType: 'image/png',
      buffer: gradientPng(960, 540, [255, 92, 154], [122, 162, 255]),
    });
    await page.getByText('journey.png is uploaded when you save.').waitFor();
    await page.getByRole('button', { name: 'Create community' }).click();
    await page.waitForURL(/\/admin\/communities\/[0-9a-f-]{36}$/, POLL);
    const id = page.url().split('/').pop()!;
    community = await getJson<Community>(ctx, `/api/communities/${id}`);
    expect(community.name).toBe(communityName);
    expect(community.imageUrl).toMatch(/^\/files\//);
    expect(community.thumbnailUrl).toMatch(/^\/files\//);
    await page.getByRole('img', { name: `Thumbnail of ${communityName}` }).waitFor();

    // The same name in another case: the server's 409 under the name field.
    await page.goto('/admin/communities/new');
    await page.getByLabel('Name', { exact: true }).fill(communityName.toUpperCase());
    await page.getByRole('button', { name: 'Create community' }).click();
    await page.getByText('A community with that name already exists.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await page.goto(`/search?q=${encodeURIComponent(stamp)}`);
    await page.getByRole('link', { name: new RegExp(`^${escapeRe(communityName)}`) }).waitFor();

    await page.goto('/admin/communities');
    await page.getByLabel('Search communities').fill(stamp);
    await page.getByRole('link', { name: communityName, exact: true }).waitFor();
    await ctx.close();
  });

  it('creates a shop item with a photo through the form; it is in /shop at its price', async () => {
    const { ctx, page } = await adminPage();
    await page.goto('/admin/shop/new');
    await page.getByLabel('Name', { exact: true }).fill(itemName);
    await page.getByLabel('Description', { exact: true }).fill('A figure from the admin journey.');
    await page.getByLabel('Condition', { exact: true }).fill('New');
    await page.getByLabel('Price', { exact: true }).fill('12.5');
    await page.getByLabel('Shipping per unit', { exact: true }).fill('3');
    await page.getByLabel('Quantity in stock', { exact: true }).fill('5');
    await page.getByTestId('shop-item-image-input').setInputFiles({
      name: 'figure.png',
      mimeType: 'image/png',
      buffer: gradientPng(640, 640, [61, 220, 151], [255, 92, 154]),
    });
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/admin\/shop\/[0-9a-f-]{36}$/, POLL);
    const id = page.url().split('/').pop()!;
    item = await getJson<ShopItem>(ctx, `/api/shop/items/${id}`);
    expect(item).toMatchObject({
      name: itemName,
      priceCents: 1250,
      shippingCents: 300,
      quantity: 5,
      condition: 'New',
    });
    expect(item.imageUrl).toMatch(/^\/files\//);
    // The editor of the new item shows the stored cents as an amount.
    await page.getByText('Sold by @').waitFor();
    await expect
      .poll(() => page.getByLabel('Price', { exact: true }).inputValue(), POLL)
      .toBe('12.50');

    await page.goto(`/shop?q=${encodeURIComponent(stamp)}`);
    const card = page.getByRole('link', { name: new RegExp(escapeRe(itemName)) }).first();
    await card.waitFor();
    expect(await card.textContent()).toContain('$12.50');
    await ctx.close();
  });

  it('marks a paid order shipped after a confirmation', async () => {
    // The demo user buys the new item with the built-in test checkout.
    const buyer = await signedInPage(browser);
    const headers = { Origin: baseUrl };
    const started = await buyer.ctx.request.post('/api/checkout', {
      data: { lines: [{ itemId: item.id, quantity: 1 }] },
      headers,
    });
    expect(started.status()).toBe(201);
    const { orderId, url } = (await started.json()) as { orderId: string; url: string };
    const sessionId = url.split('/').pop()!;
    const paid = await buyer.ctx.request.post(`/api/checkout/test/${sessionId}/pay`, {
      data: {
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
        name: 'Demo Buyer',
      },
      headers,
    });
    expect(paid.ok()).toBe(true);
    await buyer.ctx.close();

    const { ctx, page } = await adminPage();
    await page.goto('/admin/orders');
    const shortId = orderId.replace(/-/g, '').slice(-8).toUpperCase();
    const card = page.getByRole('article', { name: `Order ${shortId}` });
    await card.waitFor(POLL);
    await card.getByText(`${itemName} × 1`).waitFor();
    await card.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Mark order ${shortId} as shipped?` });
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await card.getByText('Shipped', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Mark shipped' }).count()).toBe(0);
    await expect
      .poll(async () => {
        const orders = await getJson<{ items: Array<{ id: string; shippedAt: string | null }> }>(
          ctx,
          '/api/admin/orders?filter=shipped&limit=50',
        );
        return orders.items.find((o) => o.id === orderId)?.shippedAt ?? null;
      }, POLL)
      .not.toBeNull();
    await ctx.close();
  });

  for (const { viewport, theme } of VARIANTS) {
    it(`screenshots every admin screen (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await adminPage({ viewport, theme });
      const shoot = async (path: string, name: string, ready: (p: Page) => Promise<void>) => {
        await page.goto(path);
        const heading = page.getByRole('heading', { level: 1 });
        await heading.waitFor();
        await ready(page);
        await settle(page, 400);
        await captureScreen(page, `admin-${name}-${viewport}-${theme}`, {
          expectVisible: heading,
          axe: true,
        });
      };
      const rows = (label: string) => async (p: Page) => {
        await p.getByLabel(label).waitFor();
        await p.locator('.admin-row__title').first().waitFor();
      };

      await shoot('/admin', 'home', async (p) => {
        await p.getByRole('link', { name: /The report queue/ }).waitFor();
      });
      await shoot('/admin/communities', 'communities', rows('Search communities'));
      await shoot('/admin/communities/new', 'community-new', async (p) => {
        await p.getByLabel('Name', { exact: true }).waitFor();
      });
      await shoot(`/admin/communities/${community.id}`, 'community-edit', async (p) => {
        await p.getByRole('img', { name: `Thumbnail of ${community.name}` }).waitFor();
      });
      await shoot('/admin/shop', 'shop', rows('Search items'));
      await shoot('/admin/shop/new', 'shop-new', async (p) => {
        await p.getByLabel('Price', { exact: true }).waitFor();
      });
      await shoot(`/admin/shop/${item.id}`, 'shop-edit', async (p) => {
        await p.getByRole('img', { name: `Photo of ${item.name}` }).waitFor();
      });
      await shoot('/admin/orders', 'orders', async (p) => {
        await p.getByRole('button', { name: 'All', exact: true }).click();
        await p.getByRole('article').first().waitFor();
      });
      await ctx.close();
    });
  }
});
