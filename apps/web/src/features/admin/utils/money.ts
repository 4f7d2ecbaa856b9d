/**
 * Money in the admin forms: typed as a decimal amount of the currency ("12.50"), sent as integer
 * cents (1250). Whole units and one or two decimals; a comma is read as the decimal point.
 */
const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;

/** Cents of a typed amount, or null when the text is not an amount (empty counts as not one). */
export function parseAmountToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replace(',', '.').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The form's text for stored cents: 1250 → "12.50", 1200 → "12.00". */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A whole number typed in a field, or null. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
