import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { Product } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { Select } from '../../ui/Select.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SettingSwitch } from '../permissions/SettingSwitch.tsx';
import { FeatureFields } from './FeatureFields.tsx';
import { checkPlan, formFieldOf, type PlanFormValues, planFields, planToForm, SPACE_UNITS } from './plan-form.ts';
import { PriceFields } from './PriceFields.tsx';
import { useSavePlan } from './plans.api.ts';

type Props = {
  /** The plan edited; null: a new plan. */
  plan: Product | null;
  defaults: PlanFormValues;
  /** Where a new plan goes in the list: after the others. */
  position: number;
  onSaved: (plan: Product) => void;
};

type Switch = 'free' | 'recommended' | 'hidden';
const SWITCHES: Array<{ name: Switch; label: string; help: string }> = [
  { name: 'free', label: 'Free', help: 'The plan of everyone without a subscription. A site has one.' },
  { name: 'recommended', label: 'Recommended', help: 'Raised and badged "Most popular" on the pricing page.' },
  { name: 'hidden', label: 'Hidden', help: 'Not offered on the pricing page; subscribers keep it.' },
];

/** Every field of a plan; the contract's schema checks it here, the server's 422s land on the same fields. */
export function PlanForm({ plan, defaults, position, onSaved }: Props) {
  const { trans } = useTrans();
  const form = useForm<PlanFormValues>({ defaultValues: defaults });
  const save = useSavePlan();
  const showErrors = (errors: Record<string, string>) => {
    const names = Object.keys(errors);
    for (const name of names) form.setError(name as keyof PlanFormValues, { type: 'server', message: errors[name] });
    if (names[0]) form.setFocus(names[0] as keyof PlanFormValues);
  };
  const submit = form.handleSubmit((values) => {
    form.clearErrors();
    const checked = checkPlan(values, plan?.position ?? position);
    if (checked.errors) return showErrors(checked.errors);
    save.mutate(
      { id: plan?.id ?? null, body: checked.body },
      {
        onSuccess: (saved) => {
          // Changed prices came back with new ids: the next save must name those.
          form.reset(planToForm(saved));
          onSaved(saved);
        },
        onError: (error) => {
          const known = new Set(planFields(values.prices.length));
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
      },
    );
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Name')}
              isRequired
              autoComplete="off"
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) => (
            <TextArea
              {...textFieldProps(field)}
              label={trans('Description')}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <div className="flex items-start gap-2">
          <Controller
            control={form.control}
            name="space_amount"
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Available space')}
                inputMode="decimal"
                isRequired
                description={trans('The storage the plan grants.')}
                errorMessage={fieldState.error?.message}
                className="w-48"
              />
            )}
          />
          <Controller
            control={form.control}
            name="space_unit"
            render={({ field }) => (
              <Select
                label={trans('Unit')}
                name={field.name}
                options={SPACE_UNITS.map((u) => ({ id: u, label: u }))}
                value={field.value}
                onChange={(unit) => unit && field.onChange(unit)}
                className="w-24"
              />
            )}
          />
        </div>
        <div className="flex flex-col gap-4">
          {SWITCHES.map((s) => (
            <Controller
              key={s.name}
              control={form.control}
              name={s.name}
              render={({ field, fieldState }) => (
                <div>
                  <SettingSwitch
                    isSelected={field.value}
                    onChange={field.onChange}
                    label={trans(s.label)}
                    description={trans(s.help)}
                  />
                  {fieldState.error && <p className="mt-1 text-xs text-danger">{fieldState.error.message}</p>}
                </div>
              )}
            />
          ))}
        </div>
        <FeatureFields />
        <PriceFields />
        <div className="flex justify-end gap-2 border-t border-divider pt-4">
          <Button type="submit" isPending={save.isPending}>
            {plan ? trans('Save plan') : trans('Create plan')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
