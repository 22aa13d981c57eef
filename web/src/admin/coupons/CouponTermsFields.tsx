import { type Control, Controller } from 'react-hook-form';
import { COUPON_DURATIONS, type CouponDuration } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { CouponFormValues } from './coupon-form.ts';

const DURATION_LABELS: Record<CouponDuration, string> = {
  once: 'Once: the first payment',
  repeating: 'For a number of months',
  forever: 'Forever: every payment',
};

type Props = { control: Control<CouponFormValues>; kind: CouponFormValues['kind']; duration: CouponDuration };

/** The amount off, how long it lasts, the limit and the expiry of a new coupon. */
export function CouponTermsFields({ control, kind, duration }: Props) {
  const { trans } = useTrans();
  return (
    <>
      {kind === 'percent' ? (
        <Controller
          control={control}
          name="percent_off"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Percentage off')}
              isRequired
              inputMode="decimal"
              description={trans('From 1 to 100.')}
              errorMessage={fieldState.error?.message}
              endAdornment={<span className="pr-3 text-sm text-fg-muted">%</span>}
              className="sm:w-48"
            />
          )}
        />
      ) : (
        <div className="flex items-start gap-2">
          <Controller
            control={control}
            name="amount_off"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Amount off')}
                isRequired
                inputMode="decimal"
                errorMessage={fieldState.error?.message}
                className="w-48"
              />
            )}
          />
          <Controller
            control={control}
            name="currency"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Currency')}
                isRequired
                maxLength={3}
                errorMessage={fieldState.error?.message}
                className="w-28"
              />
            )}
          />
        </div>
      )}
      <div className="flex flex-wrap items-start gap-2">
        <Controller
          control={control}
          name="duration"
          render={({ field }) => (
            <Select
              label={trans('Applies')}
              name={field.name}
              options={COUPON_DURATIONS.map((d) => ({ id: d, label: trans(DURATION_LABELS[d]) }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              className="w-64"
            />
          )}
        />
        {duration === 'repeating' && (
          <Controller
            control={control}
            name="duration_in_months"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Months')}
                isRequired
                inputMode="numeric"
                description={trans('From 1 to 36.')}
                errorMessage={fieldState.error?.message}
                className="w-28"
              />
            )}
          />
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <Controller
          control={control}
          name="max_redemptions"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Redemption limit')}
              inputMode="numeric"
              description={trans('Empty: no limit.')}
              errorMessage={fieldState.error?.message}
              className="w-48"
            />
          )}
        />
        <Controller
          control={control}
          name="expires_on"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Expires on')}
              type="date"
              description={trans('Empty: never expires.')}
              errorMessage={fieldState.error?.message}
              className="w-48"
            />
          )}
        />
      </div>
    </>
  );
}
