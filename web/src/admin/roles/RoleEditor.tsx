import { type ReactNode, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminRole, SaveAdminRoleBodySchema } from '@kosh/contracts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { RoleForm } from './RoleForm.tsx';
import { type RoleFormValues, roleFormValues } from './role-form.ts';
import { SaveBar } from './SaveBar.tsx';
import { useSaveRole } from './useSaveRole.ts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.tsx';

type Props = {
  role?: AdminRole;
  saveLabel?: string;
  /** After a save: the saved role. `leave` lets the next navigation pass the unsaved-changes guard. */
  onSaved: (role: AdminRole, leave: () => void) => void;
  /** Renders the form where the page wants it (a tab), given the form's element. */
  children: (form: ReactNode) => ReactNode;
};

/**
 * A role's form with everything around it: the schema's checks, the save, its 422s on the fields,
 * the save bar while something changed, and the question before leaving unsaved changes.
 */
export function RoleEditor({ role, saveLabel, onSaved, children }: Props) {
  const defaultValues = useMemo(() => roleFormValues(role), [role]);
  const form = useForm<RoleFormValues>({
    mode: 'onTouched',
    defaultValues,
    resolver: useTranslatedResolver(zodResolver(SaveAdminRoleBodySchema) as unknown as Resolver<RoleFormValues>),
  });
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const { save, permissionErrors } = useSaveRole(form, role?.id ?? null, (saved) =>
    onSaved(saved, guard.allowNextNavigation),
  );
  const submit = form.handleSubmit((values) => save.mutate(values));
  const element = (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label={role ? role.name : saveLabel}
      // Relative: react-aria's visually hidden inputs are placed inside the scrolling content, not past
      // it (focusing one must scroll the screen, not the whole document). A focused control stops
      // above the save bar, never under it.
      className="relative [&_button]:scroll-mb-24 [&_input]:scroll-mb-24 [&_textarea]:scroll-mb-24"
    >
      <RoleForm form={form} role={role} permissionErrors={permissionErrors} />
    </form>
  );
  return (
    <>
      {children(element)}
      <SaveBar
        isVisible={isDirty || save.isPending}
        isSaving={save.isPending}
        onSave={() => void submit()}
        onDiscard={() => form.reset(defaultValues)}
        saveLabel={saveLabel}
      />
      {guard.dialog}
    </>
  );
}
