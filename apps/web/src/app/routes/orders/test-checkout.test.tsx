import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makeLine, makeTestCheckout, SESSION_ID } from '@/features/orders/testing/order-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./test-checkout');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = `/checkout/test/${SESSION_ID}`;
const PAY = `POST /api/checkout/test/${SESSION_ID}/pay`;

/** `window.location.assign`, stubbed: the test checkout leaves the app with a full navigation. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

async function fillCard(user: ReturnType<typeof renderRoute>['user'], number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1239');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Aiko Tanaka');
}

describe('/checkout/test/:sessionId', () => {
  it('shows the order summary, the test notice and the test card numbers', async () => {
    mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout({
        lines: [
          makeLine(),
          makeLine({ name: 'Himmel keychain', unitPriceCents: 500, quantity: 1 }),
        ],
      }),
    });
    renderRoute(PATH);
    expect(await screen.findByText('Frieren acrylic stand × 2')).toBeInTheDocument();
    expect(screen.getByText('Himmel keychain × 1')).toBeInTheDocument();
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$52.18');
    expect(screen.getByText('Test checkout — no real charge')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('$52.18');
    expect(screen.getByRole('button', { name: 'Pay $52.18' })).toBeEnabled();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 9995')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel and return to cart' })).toHaveAttribute(
      'href',
      `/cancel?session_id=${SESSION_ID}`,
    );
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByLabelText('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
  });

  it('groups the card number as typed, pays with 4242 and goes to the redirect', async () => {
    const assign = stubAssign();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout(),
      [PAY]: async () => {
        await gate;
        return { redirectUrl: `/success?session_id=${SESSION_ID}` };
      },
    });
    const { user } = renderRoute(PATH);
    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveValue('12 / 39');
    await user.click(screen.getByRole('button', { name: 'Pay $52.18' }));

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/success?session_id=${SESSION_ID}`));
    const pay = calls.filter((c) => c.method === 'POST');
    expect(pay).toHaveLength(1);
    expect(pay[0]!.body).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2039,
      cvc: '123',
      name: 'Aiko Tanaka',
    });
  });

  it('shows a decline in the alert area and keeps the form', async () => {
    const assign = stubAssign();
    mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout(),
      [PAY]: apiError(402, 'card_declined', 'Your card was declined.'),
    });
    const { user } = renderRoute(PATH);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $52.18' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByRole('button', { name: 'Pay $52.18' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('puts a 400 on its field', async () => {
    stubAssign();
    mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout(),
      [PAY]: apiError(400, 'validation_error', 'Your card number is invalid.', [
        { path: 'cardNumber', message: 'Your card number is invalid.' },
      ]),
    });
    const { user } = renderRoute(PATH);
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $52.18' }));
    const number = screen.getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription('Your card number is invalid.');
    expect(screen.getByLabelText('CVC')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the fields before paying', async () => {
    const { calls } = mockApi({ [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout() });
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay $52.18' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the expiry as MM / YY.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says an expired session has expired, without the form', async () => {
    mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: makeTestCheckout({
        status: 'cancelled',
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    });
    renderRoute(PATH);
    expect(await screen.findByText('This checkout session has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('says an unknown (or someone else’s) session cannot be found', async () => {
    mockApi({
      [`GET /api/checkout/test/${SESSION_ID}`]: apiError(404, 'order_not_found', 'Not found.'),
    });
    renderRoute(PATH);
    expect(
      await screen.findByText('This checkout session could not be found.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
