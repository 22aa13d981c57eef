import { forwardRef, type ReactNode } from 'react';
import clsx from 'clsx';
import {
  FieldError,
  Label,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextAreaProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  /** Visible lines of text. */
  rows?: number;
};

const textAreaClasses = clsx(
  'w-full min-w-0 resize-y rounded-kosh border border-divider bg-bg px-3 py-2 text-sm leading-5 text-fg',
  'placeholder:text-fg-muted transition-[border-color,box-shadow] duration-125 ease-kosh outline-none',
  'data-[focused]:border-primary data-[focused]:ring-1 data-[focused]:ring-primary',
  'data-[invalid]:border-danger data-[disabled]:opacity-60 read-only:bg-bg-alt',
);

/** A multi-line TextField: label above with a required asterisk, helper or error text below (UI.md). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, description, errorMessage, placeholder, className, rows = 4, ...props },
  ref,
) {
  return (
    <AriaTextField
      {...props}
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
      <AriaTextArea ref={ref} rows={rows} placeholder={placeholder} className={textAreaClasses} />
      {description && !errorMessage && (
        <Text slot="description" className="text-xs text-fg-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-danger">{errorMessage}</FieldError>
    </AriaTextField>
  );
});
