import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AdminCoupon } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { RadioGroup } from '../../ui/RadioGroup.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { blankCoupon, checkCoupon, COUPON_FORM_FIELDS, type CouponFormValues, formFieldOf } from './coupon-form.ts';
import { CouponTermsFields } from './CouponTermsFields.tsx';
import { useCreateCoupon } from './coupons.api.ts';

type Props = { isOpen: boolean; onClose: () => void; onCreated: (coupon: AdminCoupon) => void };

/** "New coupon": the code, a name, and the terms Stripe fixes for good. */
export function NewCouponDialog({ isOpen, onClose, onCreated }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const create = useCreateCoupon();
  const form = useForm<CouponFormValues>({ defaultValues: blankCoupon() });
  useEffect(() => {
    if (isOpen) form.reset(blankCoupon());
  }, [isOpen, form]);
  const close = () => {
    create.reset();
    onClose();
  };
  const showErrors = (errors: Record<string, string>) => {
    const names = Object.keys(errors);
    for (const name of names) form.setError(name as keyof CouponFormValues, { type: 'server', message: errors[name] });
    if (names[0]) form.setFocus(names[0] as keyof CouponFormValues);
  };
  const submit = form.handleSubmit((values) => {
    form.clearErrors();
    const checked = checkCoupon(values, new Date());
    if (checked.errors) return showErrors(checked.errors);
    create.mutate(checked.body, {
      onSuccess: (coupon) => {
        onCreated(coupon);
        close();
      },
      onError: (error) => {
        const known = new Set<string>(COUPON_FORM_FIELDS);
        const errors: Record<string, string> = {};
        if (isApiError(error)) {
          for (const [key, messages] of Object.entries(error.errors)) {
            const field = formFieldOf(key);
            if (known.has(field) && messages[0]) errors[field] ??= messages[0];
          }
        }
        if (Object.keys(errors).length) showErrors(errors);
        else showHttpErrorToast(error);
      },
    });
  });
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={trans('New coupon')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={create.isPending}>
            {trans('Create coupon')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Code')}
              isRequired
              autoFocus
              autoComplete="off"
              description={trans('What customers type at checkout. Letters, digits, dashes and underscores.')}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Name')}
              isRequired
              autoComplete="off"
              description={trans('Shown on the customer’s invoice, e.g. Spring sale.')}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              label={trans('Discount')}
              orientation="horizontal"
              options={[
                { id: 'percent', label: trans('Percentage') },
                { id: 'amount', label: trans('Fixed amount') },
              ]}
              value={field.value}
              onChange={(kind) => field.onChange(kind)}
            />
          )}
        />
        <CouponTermsFields control={form.control} kind={form.watch('kind')} duration={form.watch('duration')} />
        <p className="text-xs text-fg-muted">
          {trans('Stripe keeps these terms for good: to offer other terms later, create a new coupon.')}
        </p>
      </form>
    </Dialog>
  );
}
