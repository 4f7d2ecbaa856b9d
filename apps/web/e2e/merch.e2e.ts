/**
 * Merch on the series (issue 12): the series page and its community show the Merch shelf, a
 * volume bought through the built-in test checkout shows as owned on the buyer's profile (to the
 * buyer only, until the buyer shows it), and pictures of every merch screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

const SERIES = 'Lighthouse Letters';
const VOL1 = `${SERIES} Vol. 1`;
const VOL2 = `${SERIES} Vol. 2`;
/** Another seeded account, to look at the demo account's profile from outside. */
const OTHER = 'admin@otakura.local';

interface MerchShelf {
  items: Array<{ id: string; name: string; owned: boolean; soldOut: boolean }>;
}

let browser: Browser;
let mediaId = '';
let communityId = '';
let demoId = '';
/** The Vol. 2 item (its editor is pictured with its tags). */
let vol2Id = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx, userId } = await signedInPage(browser);
  demoId = userId;
  const media = await getJson<{ items: Array<{ id: string; title: string }> }>(
    ctx,
    `/api/media?q=${encodeURIComponent(SERIES)}`,
  );
  mediaId = media.items.find((m) => m.title === SERIES)!.id;
  const communities = await getJson<{ items: Array<{ id: string; name: string }> }>(
    ctx,
    `/api/communities?q=${encodeURIComponent(SERIES)}`,
  );
  communityId = communities.items.find((c) => c.name === SERIES)!.id;
  if (!mediaId || !communityId) throw new Error(`the demo world needs ${SERIES} and its community`);
  const shelf = await getJson<MerchShelf>(ctx, `/api/media/${mediaId}/merch`);
  vol2Id = shelf.items.find((i) => i.name === VOL2)!.id;
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

function shelfOf(page: Page) {
  return page.getByRole('region', { name: 'Merch' });
}

describe('merch on the series', () => {
  it('shows the shelf on the series page and its community, buys Vol. 2 with 4242, and the profile shows it owned to the buyer only', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/media/${mediaId}`);
    await page.getByRole('heading', { level: 1, name: SERIES }).waitFor(POLL);
    const shelf = shelfOf(page);
    await shelf.scrollIntoViewIfNeeded(POLL);
    const vol1 = shelf.getByRole('link', { name: new RegExp(escapeRe(VOL1)) });
    const vol2 = shelf.getByRole('link', { name: new RegExp(escapeRe(VOL2)) });
    await vol1.waitFor(POLL);
    // The seeded demo account owns Vol. 1 already; Vol. 2 is for sale.
    await expect.poll(() => vol1.textContent(), POLL).toContain('Owned');
    expect(await vol2.textContent()).not.toContain('Owned');
    await shelf.getByRole('link', { name: /Lighthouse Letters Promo Poster/ }).waitFor(POLL);

    // The series' community shows the same merch.
    await page.goto(`/community/${communityId}`);
    const communityShelf = shelfOf(page);
    await communityShelf.getByRole('link', { name: new RegExp(escapeRe(VOL2)) }).waitFor(POLL);

    // Buy Vol. 2 from the shelf through the built-in test checkout.
    await page.evaluate(() => localStorage.removeItem('otakura.cart'));
    await communityShelf.getByRole('link', { name: new RegExp(escapeRe(VOL2)) }).click();
    await page.getByRole('heading', { level: 1, name: VOL2 }).waitFor(POLL);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByText(VOL2).first().waitFor(POLL);
    await page.keyboard.press('Escape');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout/test/**');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('textbox', { name: 'Name on card' }).fill('Demo Buyer');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/success?session_id=**');
    await page.getByText('Success! Purchase completed').waitFor(POLL);

    // Owned now: on the series shelf…
    await expect
      .poll(async () => {
        const s = await getJson<MerchShelf>(ctx, `/api/media/${mediaId}/merch`);
        return s.items.find((i) => i.name === VOL2)?.owned;
      }, POLL)
      .toBe(true);
    // …and on the profile, with the private note.
    await page.goto('/profile');
    const owned = page.getByRole('region', { name: 'Owned volumes' });
    await owned.waitFor(POLL);
    // This series' volumes (other journeys in this world may have bought volumes of others).
    await owned.getByRole('link', { name: new RegExp(escapeRe(VOL1)) }).waitFor(POLL);
    await owned.getByRole('link', { name: new RegExp(escapeRe(VOL2)) }).waitFor(POLL);
    await owned.getByText(/Only you can see this/).waitFor(POLL);

    // Someone else does not see the private shelf.
    const other = await signedInPage(browser, { email: OTHER });
    await other.page.goto(`/user/${demoId}`);
    await other.page.getByRole('heading', { level: 1 }).first().waitFor(POLL);
    await other.page.getByRole('heading', { name: 'Posts' }).waitFor(POLL);
    expect(await other.page.getByRole('region', { name: 'Owned volumes' }).count()).toBe(0);

    // The owner switches it on in Safety and privacy: now others see it, without the note.
    await page.goto('/safety-privacy');
    const toggle = page.getByRole('switch', { name: 'Show the volumes I own on my profile' });
    await toggle.waitFor(POLL);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
    await other.page.reload();
    const theirs = other.page.getByRole('region', { name: 'Owned volumes' });
    await theirs.getByRole('link', { name: new RegExp(escapeRe(VOL2)) }).waitFor(POLL);
    expect(await theirs.getByText(/Only you can see this/).count()).toBe(0);

    // Back to private for the pictures and other journeys.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('false');
    await other.ctx.close();
    await ctx.close();
  }, 240_000);

  for (const { viewport, theme } of VARIANTS) {
    it(`pictures the series and community shelves, the owned volumes and the switch (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      const tag = `${viewport}-${theme}`;

      await page.goto(`/media/${mediaId}`);
      const shelf = shelfOf(page);
      await shelf.getByRole('link', { name: new RegExp(escapeRe(VOL1)) }).waitFor(POLL);
      await shelf.scrollIntoViewIfNeeded();
      await settle(page, 400);
      await captureScreen(page, `merch-series-${tag}`, { expectVisible: shelf, axe: true });

      await page.goto(`/community/${communityId}`);
      const communityShelf = shelfOf(page);
      await communityShelf.getByRole('link', { name: new RegExp(escapeRe(VOL1)) }).waitFor(POLL);
      await communityShelf.scrollIntoViewIfNeeded();
      await settle(page, 400);
      await captureScreen(page, `merch-community-${tag}`, {
        expectVisible: communityShelf,
        axe: true,
      });

      await page.goto('/profile');
      const owned = page.getByRole('region', { name: 'Owned volumes' });
      await owned.getByRole('link', { name: new RegExp(escapeRe(VOL1)) }).waitFor(POLL);
      await owned.scrollIntoViewIfNeeded();
      await settle(page, 400);
      await captureScreen(page, `merch-profile-owned-${tag}`, { expectVisible: owned, axe: true });

      await page.goto('/safety-privacy');
      const toggle = page.getByRole('switch', { name: 'Show the volumes I own on my profile' });
      await toggle.waitFor(POLL);
      await toggle.scrollIntoViewIfNeeded();
      await settle(page, 400);
      await captureScreen(page, `merch-settings-${tag}`, { expectVisible: toggle, axe: true });
      await ctx.close();

      // The admin's editor of a volume item, with its tags.
      const admin = await signedInPage(browser, { viewport, theme, email: OTHER });
      await admin.page.goto(`/admin/shop/${vol2Id}`);
      const tags = admin.page.getByRole('group', { name: 'Merch of a series' });
      await tags.getByRole('button', { name: `Remove the series ${SERIES}` }).waitFor(POLL);
      const volume = tags.getByRole('combobox', { name: 'This item is a volume' });
      await expect.poll(() => volume.inputValue(), POLL).not.toBe('');
      await tags.scrollIntoViewIfNeeded();
      await settle(admin.page, 400);
      await captureScreen(admin.page, `merch-admin-tags-${tag}`, {
        expectVisible: tags,
        axe: true,
      });
      await admin.ctx.close();
    }, 150_000);
  }
});
