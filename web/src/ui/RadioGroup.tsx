import type { ReactNode } from 'react';
import clsx from 'clsx';
import { FieldError, Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';

export type RadioOption = { id: string; label: ReactNode; description?: ReactNode };

type Props = {
  label: ReactNode;
  options: RadioOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
};

/** A choice of one among a few options shown at once: label above, 18 px circles, help or error below. */
export function RadioGroup({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isDisabled,
  orientation = 'vertical',
  className,
}: Props) {
  return (
    <AriaRadioGroup
      value={value ?? null}
      onChange={onChange}
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
      orientation={orientation}
      validationBehavior="aria"
      className={clsx('flex flex-col gap-2', className)}
    >
      <Label className="text-sm font-medium text-fg">{label}</Label>
      <div className={clsx('flex gap-x-6 gap-y-2', orientation === 'vertical' ? 'flex-col' : 'flex-wrap')}>
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className="group flex cursor-pointer items-start gap-3 text-sm text-fg data-[disabled]:cursor-default"
          >
            <span
              aria-hidden
              className={clsx(
                'mt-px flex size-[18px] shrink-0 items-center justify-center rounded-full border-2 border-fg-muted',
                'transition-colors duration-125 group-data-[selected]:border-primary',
                'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2',
                'group-data-[focus-visible]:outline-primary group-data-[focus-visible]:outline-solid',
                'group-data-[invalid]:border-danger group-data-[disabled]:opacity-60',
              )}
            >
              <span
                className={clsx(
                  'size-2 scale-0 rounded-full bg-primary transition-transform duration-125',
                  'group-data-[selected]:scale-100',
                )}
              />
            </span>
            <span className="flex min-w-0 flex-col gap-0.5 group-data-[disabled]:opacity-60">
              <span>{option.label}</span>
              {option.description && <span className="text-xs text-fg-muted">{option.description}</span>}
            </span>
          </Radio>
        ))}
      </div>
      {description && !errorMessage && (
        <Text slot="description" className="text-xs text-fg-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-danger">{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
