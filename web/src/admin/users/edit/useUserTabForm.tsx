import { type ReactNode, useEffect, useMemo } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm, type UseFormReturn } from 'react-hook-form';
import type { AdminUserDetail, UpdateAdminUserBody } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { SaveBar } from '../../roles/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../../roles/useUnsavedChangesGuard.tsx';
import { useUpdateAdminUser } from './user-edit.api.ts';

type Options<V extends FieldValues> = {
  user: AdminUserDetail;
  /** The tab's values for the user as saved. */
  valuesOf: (user: AdminUserDetail) => V;
  /** The PUT body of the tab's fields only; undefined when the form has set its own errors. */
  bodyOf: (values: V, form: UseFormReturn<V>) => UpdateAdminUserBody | undefined;
  /** The form field a 422's key belongs to (roles.2 -> roles), or undefined when none shows it. */
  fieldOf: (key: string) => Path<V> | undefined;
  /** A 422's other keys (permissions.N.name) for the tab to show; true when it showed them. */
  onOtherErrors?: (errors: Record<string, string[]>, values: V) => boolean;
};

/**
 * One tab of the user edit page as a form: its values from the user, a save of its fields only (PUT
 * admin/users/{id}), a 422 beside the fields, a toast on success, the save bar while something
 * changed and the question before leaving unsaved changes.
 */
export function useUserTabForm<V extends FieldValues>({ user, valuesOf, bodyOf, fieldOf, onOtherErrors }: Options<V>) {
  const { trans } = useTrans();
  const defaults = useMemo(() => valuesOf(user), [user, valuesOf]);
  const form = useForm<V>({ defaultValues: defaults as DefaultValues<V> });
  const { isDirty } = form.formState;
  // Another tab's save (or a suspension) answers a new user: this tab keeps what is being edited.
  useEffect(() => {
    form.reset(defaults, { keepDirtyValues: true });
  }, [defaults, form]);
  const guard = useUnsavedChangesGuard(isDirty);
  const save = useUpdateAdminUser(user.id);
  const submit = form.handleSubmit((values) => {
    const body = bodyOf(values, form);
    if (!body) return;
    save.mutate(body, {
      onSuccess: ({ user: saved }) => {
        form.reset(valuesOf(saved));
        toast.positive(trans('User saved'));
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) return;
        let first: Path<V> | undefined;
        for (const [key, messages] of Object.entries(error.errors)) {
          const field = fieldOf(key);
          if (!field || !messages[0]) continue;
          form.setError(field, { type: 'server', message: messages[0] });
          first ??= field;
        }
        const isShown = onOtherErrors?.(error.errors, values) ?? false;
        if (first) form.setFocus(first);
        else if (!isShown) showHttpErrorToast(error);
      },
    });
  });
  const wrap = (label: string, children: ReactNode) => (
    <>
      <form
        noValidate
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        // A focused control stops above the save bar, never under it.
        className="relative [&_button]:scroll-mb-24 [&_input]:scroll-mb-24"
      >
        {children}
      </form>
      <SaveBar
        isVisible={isDirty || save.isPending}
        isSaving={save.isPending}
        onSave={() => void submit()}
        onDiscard={() => form.reset(defaults)}
      />
      {guard.dialog}
    </>
  );
  return { form, wrap, isSaving: save.isPending };
}
