import clsx from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { PRICE_INTERVALS } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { newPrice, type PlanFormValues } from './plan-form.ts';

const INTERVAL_LABELS = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' } as const;

/** The plan's prices: amount, currency, every N days/weeks/months/years; add one, remove (archive) one. */
export function PriceFields() {
  const { trans } = useTrans();
  const { control, formState } = useFormContext<PlanFormValues>();
  const prices = useFieldArray({ control, name: 'prices' });
  const rootError = formState.errors.prices?.root?.message ?? formState.errors.prices?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-medium text-fg">{trans('Prices')}</legend>
      <p className="text-xs text-fg-muted">
        {trans('Changing a price’s amount, currency or billing period adds a new price.')}{' '}
        {trans('Subscribers keep the price they bought. Removing a price archives it.')}
      </p>
      {rootError && (
        <p role="alert" className="text-xs text-danger">
          {rootError}
        </p>
      )}
      {prices.fields.map((item, index) => (
        <div
          key={item.id}
          className={clsx(
            'grid grid-cols-2 items-start gap-3 rounded-kosh border border-divider p-3',
            'sm:grid-cols-[1fr_6rem_7rem_8rem_auto]',
          )}
        >
          <Controller
            control={control}
            name={`prices.${index}.amount`}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Amount')}
                inputMode="decimal"
                isRequired
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`prices.${index}.currency`}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Currency')}
                maxLength={3}
                isRequired
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`prices.${index}.interval_count`}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Every')}
                inputMode="numeric"
                isRequired
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`prices.${index}.interval`}
            render={({ field, fieldState }) => (
              <Select
                label={trans('Billing period')}
                name={field.name}
                options={PRICE_INTERVALS.map((i) => ({ id: i, label: trans(INTERVAL_LABELS[i]) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                errorMessage={fieldState.error?.message}
              />
            )}
          />
          <div className="flex h-full items-end pb-0.5 max-sm:col-span-2 max-sm:justify-end">
            <IconButton
              label={trans('Remove price :number', { number: index + 1 })}
              onPress={() => prices.remove(index)}
            >
              <Trash2 size={18} aria-hidden />
            </IconButton>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onPress={() => prices.append(newPrice())}
          startIcon={<Plus size={18} aria-hidden />}
        >
          {trans('Add price')}
        </Button>
      </div>
    </fieldset>
  );
}
