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
});
