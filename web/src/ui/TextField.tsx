import { forwardRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { focusRing } from './button-styles.ts';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  /** Adds a show/hide toggle for type="password". */
  revealable?: boolean;
  endAdornment?: ReactNode;
};

export const inputClasses = clsx(
  'h-10 w-full min-w-0 rounded-kosh border border-divider bg-bg px-3 text-sm text-fg placeholder:text-fg-muted',
  'transition-[border-color,box-shadow] duration-125 ease-kosh',
  'data-[focused]:border-primary data-[focused]:ring-1 data-[focused]:ring-primary outline-none',
  'data-[invalid]:border-danger data-[disabled]:opacity-60 read-only:bg-bg-alt',
);

/** Input 40 px, label above with a required asterisk, helper or error text below (UI.md). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, errorMessage, placeholder, className, revealable, endAdornment, type = 'text', ...props },
  ref,
) {
  const { trans } = useTrans();
  const [isRevealed, setRevealed] = useState(false);
  const inputType = revealable && isRevealed ? 'text' : type;
  return (
    <AriaTextField
      {...props}
      type={inputType}
      isInvalid={!!errorMessage || props.isInvalid}
      validationBehavior="aria"
      className={clsx('flex flex-col gap-1', className)}
    >
      <Label className="text-sm font-medium text-fg">
        {label}
        {props.isRequired && (
          <span className="ml-0.5 text-danger" aria-hidden>
            *
          </span>
        )}
      </Label>
      <div className="relative flex items-center">
        <Input
          ref={ref}
          placeholder={placeholder}
          className={clsx(inputClasses, (revealable || endAdornment) && 'pr-11')}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-label={trans(isRevealed ? 'Hide password' : 'Show password')}
            aria-pressed={isRevealed}
            className={clsx(
              'absolute right-1 inline-flex size-8 items-center justify-center rounded-full text-fg-muted',
              'hover:bg-bg-alt hover:text-fg',
              focusRing,
            )}
          >
            {isRevealed ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        )}
        {!revealable && endAdornment && <div className="absolute right-1">{endAdornment}</div>}
      </div>
      {description && !errorMessage && (
        <Text slot="description" className="text-xs text-fg-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  );
});
