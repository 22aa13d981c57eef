import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { isApiError } from './api-error.ts';
import { showHttpErrorToast } from './error-handler.ts';

/** The fields of an errors map that exist in the form, in the form's order. */
export function matchFieldErrors(
  errors: Record<string, string[]>,
  fieldNames: readonly string[],
): Array<[string, string]> {
  return fieldNames.filter((name) => errors[name]?.length).map((name) => [name, errors[name][0]]);
}

/**
 * Sets server validation errors on react-hook-form fields and focuses the first
 * (part 1, 5). Errors for unknown fields, or none at all, fall back to the general toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  fieldNames: ReadonlyArray<Path<T>>,
): void {
  const matched = isApiError(error) ? matchFieldErrors(error.errors, fieldNames) : [];
  if (!matched.length) {
    showHttpErrorToast(error);
    return;
  }
  for (const [name, message] of matched) form.setError(name as Path<T>, { type: 'server', message });
  form.setFocus(matched[0][0] as Path<T>);
}
