import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminRole } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { matchFieldErrors } from '../../api/form-errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { grantErrors } from '../permissions/grants.ts';
import { invalidateRoles, roleKeys, rolesApi } from './roles.api.ts';
import { ROLE_FIELDS, roleBody, type RoleFormValues, roleFormValues } from './role-form.ts';

type PermissionErrors = ReturnType<typeof grantErrors>;
const NO_ERRORS: PermissionErrors = { byName: {} };

/**
 * Creates or replaces a role from the form. A 422 lands on its fields and under the permissions it
 * names; anything else is a toast. The saved role becomes the form's clean state.
 */
export function useSaveRole(
  form: UseFormReturn<RoleFormValues>,
  roleId: number | null,
  onSaved: (r: AdminRole) => void,
) {
  const [permissionErrors, setPermissionErrors] = useState<PermissionErrors>(NO_ERRORS);
  const save = useMutation({
    mutationFn: (values: RoleFormValues) =>
      roleId === null ? rolesApi.create(roleBody(values)) : rolesApi.update(roleId, roleBody(values)),
    meta: { handledStatuses: [422] },
    onMutate: () => setPermissionErrors(NO_ERRORS),
    onSuccess: async (role) => {
      queryClient.setQueryData(roleKeys.detail(role.id), role);
      form.reset(roleFormValues(role));
      onSaved(role);
      await invalidateRoles();
    },
    onError: (error, values) => {
      if (!isApiError(error) || error.status !== 422) return;
      const fields = matchFieldErrors(error.errors, ROLE_FIELDS);
      for (const [name, message] of fields) form.setError(name as keyof RoleFormValues, { type: 'server', message });
      const permissions = grantErrors(error.errors, values.permissions);
      setPermissionErrors(permissions);
      if (fields[0]) form.setFocus(fields[0][0] as keyof RoleFormValues);
      // A permission's message may sit far down the list: the toast says it too.
      else showHttpErrorToast(error);
    },
  });
  return { save, permissionErrors };
}
