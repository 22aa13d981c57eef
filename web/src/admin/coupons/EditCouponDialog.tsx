import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AdminCoupon } from '@kosh/contracts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { SettingSwitch } from '../permissions/SettingSwitch.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { redemptionsText, termsText } from './coupon-form.ts';
import { useUpdateCoupon } from './coupons.api.ts';

type Values = { name: string; active: boolean };
type Props = { coupon: AdminCoupon | null; onClose: () => void };

/** "Edit coupon": its name and whether the code works; the terms are shown, Stripe keeps them for good. */
export function EditCouponDialog({ coupon, onClose }: Props) {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  const formId = useId();
  const update = useUpdateCoupon();
  const form = useForm<Values>({ defaultValues: { name: '', active: true } });
  useEffect(() => {
    if (coupon) form.reset({ name: coupon.name, active: coupon.active });
  }, [coupon, form]);
  const close = () => {
    update.reset();
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (!coupon) return;
    const name = values.name.trim();
    if (!name) return form.setError('name', { type: 'required', message: trans('The name field is required.') });
    update.mutate(
      { id: coupon.id, body: { name, active: values.active } },
      {
        onSuccess: (saved) => {
          toast.positive(trans('Saved :code', { code: saved.code }));
          close();
        },
        onError: (error) => applyServerErrors(error, form, ['name', 'active']),
      },
    );
  });
  const facts = coupon && [
    [trans('Code'), coupon.code],
    [trans('Terms'), termsText(coupon, language)],
    [trans('Redemptions'), redemptionsText(coupon)],
    [trans('Expires'), coupon.expires_at ? formatMoment(coupon.expires_at) : trans('Never')],
  ];
  return (
    <Dialog
      isOpen={!!coupon}
      onOpenChange={(open) => !open && close()}
      title={trans('Edit coupon')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={update.isPending}>
            {trans('Save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-kosh bg-bg-alt p-3 text-sm">
          {facts?.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="min-w-0 truncate text-fg">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="-mt-2 text-xs text-fg-muted">
          {trans('Stripe keeps a coupon’s terms for good: to offer other terms, create a new coupon.')}
        </p>
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Name')}
              isRequired
              autoFocus
              autoComplete="off"
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <SettingSwitch
              isSelected={field.value}
              onChange={field.onChange}
              label={trans('Active')}
              description={trans('Customers can use the code at checkout.')}
            />
          )}
        />
      </form>
    </Dialog>
  );
}
