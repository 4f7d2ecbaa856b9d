import { groupThousands } from '@otakura/shared';

const UNITS = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'k' },
] as const;

/**
 * Compact counts for likes, comments, members: 999 → "999", 1234 → "1.2k", 12_345 → "12.3k",
 * 123_456 → "123k", 1_500_000 → "1.5M". Truncates rather than rounds, so a count is never
 * shown higher than it is (1999 → "1.9k", not "2k").
 */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.trunc(Math.abs(n));
  for (const { value, suffix } of UNITS) {
    if (abs >= value) {
      // Whole tenths by integer division, so no float error shows (2900 → 29 tenths → "2.9k").
      const tenths = Math.trunc((abs * 10) / value);
      const shown = tenths >= 1000 ? Math.trunc(tenths / 10) : tenths / 10;
      return `${sign}${String(shown)}${suffix}`;
    }
  }
  return `${sign}${String(abs)}`;
}

const priceFormatters = new Map<string, Intl.NumberFormat>();

/** Money arrives in integer cents: 1999 → "$19.99" (always 2 decimals). */
export function formatPrice(cents: number, currency = 'USD'): string {
  let formatter = priceFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    priceFormatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * A full count with grouping: 12345 → "12,345". Whole numbers without `Intl`: the first
 * `Intl.NumberFormat` of a page loads the browser's number data (12–40 ms on a 2-core machine),
 * too much for a count on a page's first render.
 */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? groupThousands(n) : n.toLocaleString('en-US');
}
