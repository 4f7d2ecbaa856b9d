import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/api-error-text';
import { cartInput } from '../api/quote-cart';
import { useStartCheckoutMutation } from '../api/start-checkout';
import type { CartLine } from '../utils/cart-storage';

/**
 * The checkout button's behaviour (spec §4 Cart, §8): busy ('Loading...', disabled) from the
 * click until the browser leaves for the payment page; a refusal is shown with `alert` and kept
 * in `error`, and the cart stays as it is.
 */
export function useCheckout() {
  const { t } = useTranslation('cart');
  const mutation = useStartCheckoutMutation();
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from the payment page through the browser's page cache: the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (lines: readonly CartLine[], promoCode: string | null) => {
    if (lines.length === 0 || mutation.isPending || redirecting) return;
    setError(null);
    mutation.mutate(cartInput(lines, promoCode), {
      onSuccess: ({ url }) => {
        setRedirecting(true);
        window.location.assign(url);
      },
      onError: (err) => {
        const message = apiErrorText(t, err);
        setError(message);
        window.alert(message);
      },
    });
  };

  return { start, busy: mutation.isPending || redirecting, error };
}
