import { AppConfigResponseSchema } from '@otakura/shared';
import { describe, expect, it } from 'vitest';
import { readAppConfig } from './get-app-config';

const good = {
  productName: 'Otakura',
  productSlug: 'otakura',
  premiumMonthlyPriceCents: 500,
  currency: 'usd',
  mobileAppUrl: null,
  contactEmail: 'contact@example.com',
};

const bodies: unknown[] = [
  good,
  { ...good, mobileAppUrl: 'https://apps.example/otakura' },
  { ...good, extra: true },
  { ...good, premiumMonthlyPriceCents: 0 },
  { ...good, premiumMonthlyPriceCents: -1 },
  { ...good, premiumMonthlyPriceCents: 1.5 },
  { ...good, premiumMonthlyPriceCents: 2 ** 60 },
  { ...good, premiumMonthlyPriceCents: '500' },
  { ...good, premiumMonthlyPriceCents: Number.NaN },
  { ...good, currency: 'us' },
  { ...good, currency: 'usdd' },
  { ...good, mobileAppUrl: undefined },
  { ...good, mobileAppUrl: 1 },
  { ...good, productName: null },
  { ...good, productSlug: 1 },
  { ...good, contactEmail: undefined },
  Object.assign([], good),
  [],
  null,
  'text',
  42,
  undefined,
];

describe('readAppConfig', () => {
  it.each(bodies.map((body, i) => [i, body]))(
    'agrees with AppConfigResponseSchema on body %i',
    (_i, body) => {
      const parsed = AppConfigResponseSchema.safeParse(body);
      expect(readAppConfig(body)).toStrictEqual(parsed.success ? parsed.data : null);
    },
  );
});
