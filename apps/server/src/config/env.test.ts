import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.productName).toBe('Otakura');
    expect(c.productSlug).toBe('otakura');
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.secureCookies).toBe(false);
    expect(c.dataDir.endsWith('data')).toBe(true);
  });

  it('names every bad key at once', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        SEED_DEMO: 'maybe',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as ConfigError).message;
    for (const key of ['PORT', 'SEED_DEMO', 'DATABASE_URL', 'PUBLIC_URL'])
      expect(msg).toContain(key);
    expect(msg).toContain('"eighty"');
  });

  it('derives the premium slug and secure cookies from the settings', () => {
    const c = loadConfig({ PRODUCT_NAME: 'Anime Hub', PUBLIC_URL: 'https://hub.example/' });
    expect(c.productSlug).toBe('anime-hub');
    expect(c.publicUrl).toBe('https://hub.example');
    expect(c.secureCookies).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('reads the shop tax rate and promo codes (percent, cents, expiry)', () => {
    const d = loadConfig({});
    expect(d.shopTaxRateBps).toBe(800);
    expect(d.promoCodes).toEqual([
      { code: 'OTAKU10', kind: 'percent', value: 10, expiresOn: null },
      { code: 'WELCOME5', kind: 'amount', value: 500, expiresOn: null },
    ]);
    const c = loadConfig({ SHOP_TAX_RATE_BPS: '0', PROMO_CODES: 'half:50%:2027-12-31, five:500' });
    expect(c.shopTaxRateBps).toBe(0);
    expect(c.promoCodes).toEqual([
      { code: 'HALF', kind: 'percent', value: 50, expiresOn: '2027-12-31' },
      { code: 'FIVE', kind: 'amount', value: 500, expiresOn: null },
    ]);
    for (const bad of [
      { SHOP_TAX_RATE_BPS: '10001' },
      { PROMO_CODES: 'X:101%' },
      { PROMO_CODES: 'X' },
    ])
      expect(() => loadConfig(bad)).toThrow(ConfigError);
  });
});
