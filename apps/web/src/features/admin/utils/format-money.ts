import { formatPrice } from '@/lib/format';

/** Integer cents of a currency (`usd` on the wire) as money: 1999 → "$19.99". */
export function formatMoney(cents: number, currency: string): string {
  try {
    return formatPrice(cents, currency.toUpperCase());
  } catch {
    // An unknown code: show the amount with the code rather than nothing.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
