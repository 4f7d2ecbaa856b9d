/**
 * Which payment provider the shop uses: Stripe when `STRIPE_SECRET_KEY` is set, else the
 * built-in test checkout. Tests may put a provider in place for one app (a Stripe provider
 * aimed at the local stand-in) with `usePaymentProviderForTests`.
 */
import type { AppContext } from '../../plugins/context';
import { type PaymentProvider, stripeProviderFromConfig } from '../payments/payments.service';
import type { PaymentProviders } from './orders.service';
import { testLookup } from './orders.service';
import { TestCheckoutProvider, testCheckoutKey } from './test-checkout';

const overrides = new WeakMap<AppContext, PaymentProvider>();
const cache = new WeakMap<
  AppContext,
  Promise<{ stripe: PaymentProvider | null; test: TestCheckoutProvider }>
>();

/** Tests only: new checkouts of this app use `provider` (e.g. Stripe aimed at the stand-in). */
export function usePaymentProviderForTests(ctx: AppContext, provider: PaymentProvider): void {
  overrides.set(ctx, provider);
}

function build(ctx: AppContext) {
  let built = cache.get(ctx);
  if (!built) {
    built = ctx.auth.$context.then((authCtx) => ({
      stripe: stripeProviderFromConfig(ctx.config),
      test: new TestCheckoutProvider(testCheckoutKey(authCtx.secret), testLookup(ctx.database.db)),
    }));
    cache.set(ctx, built);
  }
  return built;
}

export async function paymentProviders(
  ctx: AppContext,
): Promise<PaymentProviders & { test: TestCheckoutProvider }> {
  const { stripe, test } = await build(ctx);
  const override = overrides.get(ctx);
  const byName = (name: 'test' | 'stripe'): PaymentProvider | null =>
    name === 'test' ? test : override?.name === 'stripe' ? override : stripe;
  return { active: override ?? stripe ?? test, byName, test };
}
