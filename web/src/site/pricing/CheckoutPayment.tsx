import { AlertCircle, CreditCard, Info, Lock, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PaymentGateway, Price, Product } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useBillingGateways, useStartCheckout } from '../../api/subscriptions.api.ts';
import { DEFAULT_ERROR_MESSAGE } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** Said when no gateway is configured (spec: checkout says clearly when none is). */
function PaymentUnavailable() {
  const { trans } = useTrans();
  return (
    <div className="flex gap-3 rounded-kosh-lg bg-bg-chip p-4 text-fg" role="note">
      <Info size={20} className="mt-0.5 shrink-0 text-primary" aria-hidden />
      <div>
        <p className="text-sm font-medium">{trans('Online payment is not available on this site yet.')}</p>
        <p className="mt-1 text-sm">{trans('Contact us and we will set up this plan for you.')}</p>
        <Link to="/contact" className={buttonClasses('primary', 'md', 'mt-4')}>
          {trans('Contact us')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Sends the browser to the gateway's page once the server has prepared it. The chosen button stays
 * pending until the page is left, and is reset when the browser comes back from its cache.
 */
function useGatewayRedirect(productId: number, priceId: number) {
  const checkout = useStartCheckout();
  const [leavingFor, setLeavingFor] = useState<PaymentGateway | null>(null);
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => e.persisted && setLeavingFor(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const pay = (gateway: PaymentGateway) =>
    checkout.mutate(
      { product_id: productId, price_id: priceId, gateway },
      {
        onSuccess: ({ redirect_url }) => {
          setLeavingFor(gateway);
          window.location.assign(redirect_url);
        },
      },
    );
  const pending = leavingFor ?? (checkout.isPending ? (checkout.variables?.gateway ?? null) : null);
  return { pay, pending, error: checkout.isError ? checkout.error : null };
}

function GatewayButton({
  gateway,
  pending,
  onPay,
}: {
  gateway: PaymentGateway;
  pending: PaymentGateway | null;
  onPay: (gateway: PaymentGateway) => void;
}) {
  const { trans } = useTrans();
  const isPending = pending === gateway;
  const Icon = gateway === 'paypal' ? Wallet : CreditCard;
  const icon = isPending ? <Spinner size={16} immediate className="text-current" /> : <Icon size={18} aria-hidden />;
  if (gateway === 'paypal')
    return (
      <div>
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          startIcon={icon}
          isPending={isPending}
          isDisabled={pending !== null && !isPending}
          onPress={() => onPay('paypal')}
        >
          {trans('Pay with PayPal')}
        </Button>
        <p className="mt-2 text-center text-xs text-fg-muted">
          {trans(
            'You will be taken to PayPal to approve the subscription. Promotion codes apply to card payments only.',
          )}
        </p>
      </div>
    );
  return (
    <div>
      <Button
        size="lg"
        className="w-full"
        startIcon={icon}
        isPending={isPending}
        isDisabled={pending !== null && !isPending}
        onPress={() => onPay('stripe')}
      >
        {trans('Pay with card')}
      </Button>
      <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-fg-muted">
        <Lock size={12} aria-hidden />
        {trans('You will be taken to Stripe to pay securely.')}
      </p>
    </div>
  );
}

/** The checkout page's payment section: a button per configured gateway, or a note when there is none. */
export function CheckoutPayment({ product, price }: { product: Product; price: Price }) {
  const { trans } = useTrans();
  const gateways = useBillingGateways();
  const { pay, pending, error } = useGatewayRedirect(product.id, price.id);

  if (gateways.isPending)
    return (
      <div aria-busy="true" className="h-28 animate-pulse rounded-kosh-lg bg-bg-alt">
        <span className="sr-only">{trans('Loading...')}</span>
      </div>
    );
  // A failed listing offers nothing to pay with: the same note as a site without gateways.
  const offered = gateways.data ?? [];
  if (offered.length === 0) return <PaymentUnavailable />;

  return (
    <section aria-labelledby="payment-method" className="rounded-kosh-lg bg-bg p-6 shadow-sm ring-1 ring-divider">
      <h2 id="payment-method" className="text-base font-medium text-fg">
        {trans('Payment method')}
      </h2>
      {error && (
        <div role="alert" className="mt-4 flex gap-2 rounded-kosh border border-danger p-3 text-sm text-danger">
          <AlertCircle size={18} className="mt-px shrink-0" aria-hidden />
          <span>{(isApiError(error) && error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE)}</span>
        </div>
      )}
      <div className="mt-4 flex flex-col gap-3">
        {offered.map((gateway) => (
          <GatewayButton key={gateway} gateway={gateway} pending={pending} onPay={pay} />
        ))}
      </div>
    </section>
  );
}
