import clsx from 'clsx';
import { useId, useState } from 'react';
import { ADMIN_SUBSCRIPTION_MESSAGES, formatBytes } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useProducts } from '../../api/billing.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { inputClasses, TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useGrantSubscription, userByEmail } from './subscriptions.api.ts';

type Errors = Partial<Record<'email' | 'product_id' | 'ends_on', string>>;

/** Today in UTC, as the date field wants it: the first day a grant may end on. */
const today = () => new Date().toISOString().slice(0, 10);

/** "Grant a plan": a user by email, a paid plan, and the plan's last day; no payment is taken. */
export function GrantSubscriptionDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const formId = useId();
  const dateId = useId();
  const products = useProducts(null);
  const grant = useGrantSubscription();
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const [endsOn, setEndsOn] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [isLooking, setLooking] = useState(false);
  const close = () => {
    setEmail('');
    setProductId(null);
    setEndsOn('');
    setErrors({});
    grant.reset();
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: Errors = {
      ...(email.trim() ? {} : { email: trans('Give the user’s email.') }),
      ...(productId ? {} : { product_id: trans('Choose a plan.') }),
      ...(endsOn ? {} : { ends_on: trans('Give the last day of the plan.') }),
    };
    setErrors(missing);
    if (Object.keys(missing).length || !productId) return;
    setLooking(true);
    const userId = await userByEmail(email).finally(() => setLooking(false));
    if (!userId) return setErrors({ email: trans(ADMIN_SUBSCRIPTION_MESSAGES.unknownUser) });
    grant.mutate(
      { user_id: userId, product_id: productId, ends_on: endsOn },
      {
        onSuccess: ({ subscription }) => {
          toast.positive(trans('Granted :plan to :email', { plan: subscription.product.name, email: email.trim() }));
          close();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const first = (field: string) => error.errors[field]?.[0];
          setErrors({ email: first('user_id'), product_id: first('product_id'), ends_on: first('ends_on') });
        },
      },
    );
  };
  const paid = (products.data ?? []).filter((p) => !p.free);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={trans('Grant a plan')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={grant.isPending || isLooking}>
            {trans('Grant plan')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          {trans('The user gets the plan’s storage until the end of the last day. No payment is taken.')}
        </p>
        <TextField
          label={trans('Email')}
          type="email"
          value={email}
          onChange={setEmail}
          isRequired
          autoFocus
          errorMessage={errors.email}
        />
        <Select
          label={trans('Plan')}
          options={paid.map((p) => ({ id: p.id, label: `${trans(p.name)} (${formatBytes(p.available_space)})` }))}
          value={productId}
          onChange={(value) => setProductId(typeof value === 'number' ? value : Number(value) || null)}
          isRequired
          errorMessage={errors.product_id}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium text-fg">
            {trans('Last day')}
          </label>
          <input
            id={dateId}
            type="date"
            value={endsOn}
            min={today()}
            onChange={(e) => setEndsOn(e.target.value)}
            aria-invalid={!!errors.ends_on || undefined}
            aria-describedby={errors.ends_on ? `${dateId}-error` : undefined}
            className={clsx(inputClasses, 'max-w-[240px]', errors.ends_on && 'border-danger')}
          />
          {errors.ends_on && (
            <p id={`${dateId}-error`} className="text-xs text-danger">
              {errors.ends_on}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
