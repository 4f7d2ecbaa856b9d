import type { TFunction } from 'i18next';
import { localizeMessage } from '@/lib/forms';

/** The server's English card messages (test-checkout.ts) and their keys in `orders`. */
const SERVER_MESSAGES: Readonly<Record<string, string>> = {
  'Your card number is invalid.': 'checkout.errors.invalidNumber',
  "Your card's expiration month is invalid.": 'checkout.errors.invalidMonth',
  "Your card's expiration date is in the past.": 'checkout.errors.pastExpiry',
  "Your card's security code is invalid.": 'checkout.errors.invalidCvc',
  'Your card was declined.': 'checkout.errors.declined',
  'Your card has insufficient funds.': 'checkout.errors.insufficient',
};

/** A card-form message in the current language: our own key, a known server text, or a shared schema's. */
export function cardMessage(t: TFunction<'orders'>, message: string): string {
  if (message.startsWith('checkout.errors.')) return t(message);
  const key = SERVER_MESSAGES[message];
  return key ? t(key) : localizeMessage(message);
}
