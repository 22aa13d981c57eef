import { Plus, X } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_PLAN_FEATURES } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextField } from '../../ui/TextField.tsx';
import type { PlanFormValues } from './plan-form.ts';

/** The lines a plan card lists under "What's included": add one, remove one. */
export function FeatureFields() {
  const { trans } = useTrans();
  const { control, formState } = useFormContext<PlanFormValues>();
  const features = useFieldArray({ control, name: 'features' });
  const error = formState.errors.features?.message ?? formState.errors.features?.root?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-medium text-fg">{trans('Feature list')}</legend>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      {features.fields.map((item, index) => (
        <div key={item.id} className="flex items-end gap-2">
          <Controller
            control={control}
            name={`features.${index}.text`}
            render={({ field }) => (
              <TextField
                {...textFieldProps(field)}
                label={trans('Feature :number', { number: index + 1 })}
                maxLength={200}
                className="flex-1"
              />
            )}
          />
          <IconButton
            label={trans('Remove feature :number', { number: index + 1 })}
            onPress={() => features.remove(index)}
          >
            <X size={18} aria-hidden />
          </IconButton>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          isDisabled={features.fields.length >= MAX_PLAN_FEATURES}
          onPress={() => features.append({ text: '' }, { shouldFocus: true })}
          startIcon={<Plus size={18} aria-hidden />}
        >
          {trans('Add feature')}
        </Button>
      </div>
    </fieldset>
  );
}
