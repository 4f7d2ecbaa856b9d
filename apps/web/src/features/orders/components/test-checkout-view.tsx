import { zodResolver } from '@hookform/resolvers/zod';
import { TestCardInputSchema, type TestCheckout } from '@otakura/shared';
import { CreditCard, FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formError, submitHandler } from '@/lib/forms';
import { formatDate } from '@/lib/i18n';
import { PRODUCT_NAME } from '@/lib/product';
import { useNow } from '@/lib/use-now';
import { usePayTestCheckout, useTestCheckoutQuery } from '../api/test-checkout';
import {
  formatCardNumber,
  formatExpiry,
  isCardNumberShaped,
  parseExpiry,
} from '../utils/card-format';
import { formatMoney } from '../utils/format-money';
import { cardMessage } from './card-messages';
import { OrderSummary } from './order-summary';
import './test-checkout-view.css';

/** The card form's own check (the server checks again: Luhn, a future expiry, 3–4 digit CVC). */
const CardFormSchema = z.object({
  cardNumber: z.string().refine(isCardNumberShaped, 'checkout.errors.cardNumber'),
  expiry: z.string().refine((s) => parseExpiry(s) !== null, 'checkout.errors.expiry'),
  cvc: z.string().regex(/^\d{3,4}$/, 'checkout.errors.cvc'),
  name: TestCardInputSchema.shape.name,
});
type CardForm = z.input<typeof CardFormSchema>;

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', key: 'checkout.testCards.succeeds' },
  { number: '4000 0000 0000 0002', key: 'checkout.testCards.declined' },
  { number: '4000 0000 0000 9995', key: 'checkout.testCards.insufficient' },
] as const;

export interface TestCheckoutViewProps {
  sessionId: string;
  /** Where the browser goes after a payment (default: a full navigation, as after a hosted page). */
  onRedirect?: (url: string) => void;
}

/**
 * The built-in test checkout (docs/shop.md): a hosted-looking card form over the order's summary.
 * Not found (someone else's session too), expired, already paid, or the form.
 */
export function TestCheckoutView({ sessionId, onRedirect }: TestCheckoutViewProps) {
  const { t } = useTranslation('orders');
  const query = useTestCheckoutQuery(sessionId);
  const now = useNow();

  if (query.isPending) {
    return (
      <div className="test-checkout__state" role="status">
        <Spinner />
        <span>{t('loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          title={t('checkout.notFound')}
          action={
            <Button asChild variant="secondary">
              <Link to="/cart">{t('checkout.backToCart')}</Link>
            </Button>
          }
        />
      );
    }
    return (
      <EmptyState
        title={t('checkout.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }

  const checkout = query.data;
  if (checkout.status === 'paid' || checkout.status === 'refunded') {
    return (
      <EmptyState
        title={t('checkout.alreadyPaid')}
        action={
          <Button asChild>
            <Link to={`/success?session_id=${encodeURIComponent(sessionId)}`}>
              {t('checkout.viewOrder')}
            </Link>
          </Button>
        }
      />
    );
  }
  const expired =
    checkout.status === 'cancelled' ||
    (checkout.expiresAt !== null && Date.parse(checkout.expiresAt) <= now);
  if (expired) {
    return (
      <EmptyState
        title={t('checkout.expired')}
        description={t('checkout.expiredHint')}
        action={
          <Button asChild variant="secondary">
            <Link to="/cart">{t('checkout.backToCart')}</Link>
          </Button>
        }
      />
    );
  }
  return <CheckoutForm checkout={checkout} onRedirect={onRedirect} />;
}

/** An input that reformats what is typed (card number groups, MM / YY). */
function formatted(
  field: UseFormRegisterReturn,
  format: (text: string) => string,
): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: EventTarget | null; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) {
        event.target.value = format(event.target.value);
      }
      return field.onChange(event);
    },
  };
}

function CheckoutForm({
  checkout,
  onRedirect,
}: {
  checkout: TestCheckout;
  onRedirect?: (url: string) => void;
}) {
  const { t } = useTranslation('orders');
  const pay = usePayTestCheckout(checkout.sessionId);
  const [redirecting, setRedirecting] = useState(false);
  const alertId = useId();
  const form = useForm<CardForm>({
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
    resolver: zodResolver(CardFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const error = formError(errors);
  const busy = isSubmitting || redirecting;
  const total = formatMoney(checkout.totalCents, checkout.currency);
  const msg = (e: { message?: string } | undefined) =>
    e?.message ? cardMessage(t, e.message) : undefined;

  const submit = submitHandler(
    form,
    async (values) => {
      const expiry = parseExpiry(values.expiry);
      const { redirectUrl } = await pay.mutateAsync({
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expMonth: expiry?.month ?? 0,
        expYear: expiry?.year ?? 0,
        cvc: values.cvc,
        name: values.name,
      });
      setRedirecting(true);
      (onRedirect ?? ((url: string) => window.location.assign(url)))(redirectUrl);
    },
    {
      fields: ['cardNumber', 'expiry', 'cvc', 'name'],
      rename: { expMonth: 'expiry', expYear: 'expiry' },
      message: (err) =>
        isApiError(err) && err.message ? cardMessage(t, err.message) : t('checkout.loadError'),
    },
  );

  return (
    <div className="test-checkout">
      <Card padding="lg" className="test-checkout__card">
        <header className="test-checkout__header">
          <span className="test-checkout__merchant">{PRODUCT_NAME}</span>
          <span className="test-checkout__notice">
            <FlaskConical aria-hidden="true" />
            {t('checkout.notice')}
          </span>
          <p className="test-checkout__amount" data-testid="checkout-amount">
            {total}
          </p>
        </header>

        <section aria-labelledby={`${alertId}-summary`} className="test-checkout__summary">
          <h2 id={`${alertId}-summary`} className="test-checkout__heading">
            {t('summary.title')}
          </h2>
          <OrderSummary lines={checkout.lines} totals={checkout} />
          {checkout.expiresAt ? (
            <p className="test-checkout__muted">
              {t('checkout.expiresAt', {
                time: formatDate(checkout.expiresAt, { timeStyle: 'short' }),
              })}
            </p>
          ) : null}
        </section>

        <form
          className="test-checkout__form"
          onSubmit={submit}
          noValidate
          aria-labelledby={`${alertId}-pay`}
          aria-describedby={error ? alertId : undefined}
        >
          <h2 id={`${alertId}-pay`} className="test-checkout__heading">
            <CreditCard aria-hidden="true" />
            {t('checkout.payWith')}
          </h2>
          <Input
            label={t('checkout.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            error={msg(errors.cardNumber)}
            {...formatted(form.register('cardNumber'), formatCardNumber)}
          />
          <div className="test-checkout__row">
            <Input
              label={t('checkout.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
              error={msg(errors.expiry)}
              {...formatted(form.register('expiry'), formatExpiry)}
            />
            <Input
              label={t('checkout.cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              error={msg(errors.cvc)}
              {...form.register('cvc')}
            />
          </div>
          <Input
            label={t('checkout.name')}
            autoComplete="cc-name"
            error={msg(errors.name)}
            {...form.register('name')}
          />
          <div id={alertId} className="test-checkout__alert" role="alert">
            {error}
          </div>
          <Button type="submit" size="lg" block disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('loading') : t('checkout.pay', { total })}
          </Button>
          <Link
            className="test-checkout__cancel"
            to={`/cancel?session_id=${encodeURIComponent(checkout.sessionId)}`}
          >
            {t('checkout.cancel')}
          </Link>
        </form>
      </Card>

      <aside className="test-checkout__cards" aria-labelledby={`${alertId}-cards`}>
        <h2 id={`${alertId}-cards`} className="test-checkout__heading">
          {t('checkout.testCards.title')}
        </h2>
        <dl>
          {TEST_CARDS.map((card) => (
            <div key={card.number} className="test-checkout__test-card">
              <dt>
                <code>{card.number}</code>
              </dt>
              <dd>{t(card.key)}</dd>
            </div>
          ))}
        </dl>
        <p className="test-checkout__muted">{t('checkout.testCards.hint')}</p>
      </aside>
    </div>
  );
}
