import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatBytes, type Price, type Product } from '@kosh/contracts';
import { useProducts } from '../../api/billing.api.ts';
import { NotFoundContent } from '../../shell/errors/NotFoundPage.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { PublicLayout } from '../../shell/layout/PublicLayout.tsx';
import { useAuth } from '../../shell/useAuth.ts';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckoutPayment } from './CheckoutPayment.tsx';
import { clearPlanSelection } from './plan-link.ts';
import { formatAmount } from './plan-pricing.ts';
import { PriceTag } from './PriceTag.tsx';

/** The plan and price the route names, or undefined when the listing has no such pair. */
function findOrder(products: Product[], productId?: string, priceId?: string) {
  const product = products.find((p) => String(p.id) === productId);
  const price = product?.prices.find((p) => String(p.id) === priceId);
  return product && price ? { product, price } : undefined;
}

function OrderSummary({ product, price }: { product: Product; price: Price }) {
  const { trans, language } = useTrans();
  return (
    <section aria-labelledby="order-summary" className="rounded-kosh-lg bg-bg p-6 shadow-sm ring-1 ring-divider">
      <h2 id="order-summary" className="text-base font-medium text-fg">
        {trans('Order summary')}
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4 border-b border-divider pb-4">
        <div className="min-w-0">
          <p className="text-base font-medium text-fg">{trans(product.name)}</p>
          <p className="mt-1 text-sm text-fg-muted">
            {trans(':size storage', { size: formatBytes(product.available_space) })}
          </p>
        </div>
        <PriceTag price={price} size="md" />
      </div>
      <div className="mt-4 flex items-center justify-between gap-4">
        <span className="text-base font-medium text-fg">{trans('Total')}</span>
        <span className="text-xl font-semibold text-fg" data-testid="checkout-total">
          {formatAmount(price.amount, price.currency, language)}
        </span>
      </div>
    </section>
  );
}

/**
 * Checkout of one plan and price (spec part 2, 2; login required): the order, then a button per
 * configured payment gateway, or a note pointing to the contact page when there is none.
 */
export function CheckoutPage() {
  const { trans } = useTrans();
  const { productId, priceId } = useParams();
  const { user } = useAuth();
  const query = useProducts(user?.id ?? null);
  useDocumentTitle(trans('Checkout'));
  const order = query.data ? findOrder(query.data, productId, priceId) : undefined;
  const isSettled = query.isSuccess;

  // The onboarding choice has done its job once its checkout has answered (found or not).
  useEffect(() => {
    if (isSettled) clearPlanSelection(window.sessionStorage);
  }, [isSettled]);

  if (query.isSuccess && !order)
    return (
      <PublicLayout>
        <NotFoundContent />
      </PublicLayout>
    );

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-[560px] px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-2xl font-medium text-fg">{trans('Checkout')}</h1>
        <div className="mt-6">
          {order ? (
            <OrderSummary product={order.product} price={order.price} />
          ) : query.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3">
              <p className="flex items-center gap-2 text-base font-medium text-fg">
                <AlertCircle size={20} className="text-danger" aria-hidden />
                {trans('Something went wrong')}
              </p>
              <Button variant="secondary" onPress={() => query.refetch()}>
                {trans('Try again')}
              </Button>
            </div>
          ) : (
            <div aria-busy="true" className="h-40 animate-pulse rounded-kosh-lg bg-bg-alt">
              <span className="sr-only">{trans('Loading...')}</span>
            </div>
          )}
        </div>
        {order && (
          <div className="mt-6">
            <CheckoutPayment product={order.product} price={order.price} />
          </div>
        )}
      </div>
    </PublicLayout>
  );
}

export { CheckoutPage as Component };
