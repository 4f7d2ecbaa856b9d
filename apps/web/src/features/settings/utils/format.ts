import { formatNumber } from '@/lib/i18n';

/**
 * A price in the currency's minor unit (cents for usd, yen for jpy), in the current language:
 * 499 usd → "$4.99" (en) / "$4.99" (ja); 500 jpy → "¥500".
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    /* unknown code: keep two */
  }
  return formatNumber(minorUnits / 10 ** digits, { style: 'currency', currency: code });
}

/** Bytes as megabytes with two decimals, in the current language ("27.60 MB"). */
export function formatMegabytes(bytes: number): string {
  return formatNumber(bytes / 1_000_000, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
