import type { ControllerRenderProps, FieldValues, Path } from 'react-hook-form';

/** Maps a react-hook-form field onto a react-aria TextField's props. */
export function textFieldProps<T extends FieldValues, N extends Path<T>>(field: ControllerRenderProps<T, N>) {
  return {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (value: string) => field.onChange(value),
    onBlur: () => field.onBlur(),
    isDisabled: field.disabled,
  };
}
