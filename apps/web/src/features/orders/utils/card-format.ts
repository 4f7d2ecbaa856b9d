/** The card form's typing helpers: what the buyer types, grouped as on the card. */

const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return (digits(text, 19).match(/.{1,4}/g) ?? []).join(' ');
}

/** "1234" → "12 / 34"; "1" → "1"; what was typed after the month keeps the separator. */
export function formatExpiry(text: string): string {
  const d = digits(text, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** "MM / YY" → month and four-digit year, or null when it is not two and two digits. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

/** The card number's digits, 12 to 19 of them. */
export function isCardNumberShaped(text: string): boolean {
  const n = text.replace(/\s/g, '');
  return /^\d{12,19}$/.test(n);
}
