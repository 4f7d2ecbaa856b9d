import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { loadConfig } from '../../config/env';
import { AppConfigResponseSchema } from '@otakura/shared';
import { presentAppConfig } from './app-config.service';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/app-config', () => {
  it('answers without a session, with the defaults: $4.99 a month in usd and no mobile app', async () => {
    t = await buildTestApp();
    const res = await fetch(`${t.url}/api/app-config`);
    expect(res.status).toBe(200);
    expect(AppConfigResponseSchema.parse(await res.json())).toEqual({
      productName: 'Otakura',
      productSlug: 'otakura',
      premiumMonthlyPriceCents: 499,
      currency: 'usd',
      mobileAppUrl: null,
      contactEmail: 'privacy@localhost',
    });
  });

  it('takes every value from the environment', async () => {
    t = await buildTestApp({
      PRODUCT_NAME: 'Anime Hub',
      PREMIUM_PRICE_CENTS: '799',
      CURRENCY: 'EUR',
      MOBILE_APP_URL: 'https://apps.example/anime-hub',
      CONTACT_EMAIL: 'hello@anime-hub.example',
    });
    const body = AppConfigResponseSchema.parse(await (await t.http('/api/app-config')).json());
    expect(body).toEqual({
      productName: 'Anime Hub',
      productSlug: 'anime-hub',
      premiumMonthlyPriceCents: 799,
      currency: 'eur',
      mobileAppUrl: 'https://apps.example/anime-hub',
      contactEmail: 'hello@anime-hub.example',
    });
  });

  it('never hands out a script URL as the mobile app link', () => {
    expect(
      presentAppConfig(loadConfig({ MOBILE_APP_URL: 'javascript:alert(1)' })).mobileAppUrl,
    ).toBeNull();
    expect(presentAppConfig(loadConfig({ MOBILE_APP_URL: 'otakura://open' })).mobileAppUrl).toBe(
      'otakura://open',
    );
  });

  it('refuses a price or currency that is not one', () => {
    expect(() => loadConfig({ PREMIUM_PRICE_CENTS: '4.99' })).toThrow(/PREMIUM_PRICE_CENTS/);
    expect(() => loadConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY/);
  });
});
