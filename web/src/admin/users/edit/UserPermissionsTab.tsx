import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import type { AdminUserDetail } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { useIsAppPage } from '../../../shell/menus/app-routes.ts';
import { focusRing } from '../../../ui/button-styles.ts';
import { type Grant, grantErrors } from '../../permissions/grants.ts';
import { PermissionSelector } from '../../permissions/PermissionSelector.tsx';
import { tabCard } from './UserDetailsTab.tsx';
import { useEditedUser } from './UserEditPage.tsx';
import { useUserTabForm } from './useUserTabForm.tsx';

type Values = { permissions: Grant[] };
type PermissionErrors = ReturnType<typeof grantErrors>;

const permissionValues = (user: AdminUserDetail): Values => ({
  permissions: user.permissions.map((p) => ({ name: p.name, restrictions: [...p.restrictions] })),
});

/** The user's roles, each a link to its role when the roles screens are there. */
function RoleLinks({ user }: { user: AdminUserDetail }) {
  const { trans } = useTrans();
  const isAppPage = useIsAppPage();
  if (!user.roles.length) return <p className="text-sm text-fg-muted">{trans('No roles')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {user.roles.map((role) => {
        const to = `/admin/roles/${role.id}/edit`;
        const chip = 'inline-flex h-8 items-center rounded-full bg-bg-chip px-3 text-sm text-fg';
        return (
          <li key={role.id}>
            {isAppPage(to) ? (
              <Link to={to} className={`${chip} hover:brightness-95 ${focusRing}`}>
                {role.name}
              </Link>
            ) : (
              <span className={chip}>{role.name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Permissions: the roles' summary and the permissions granted to this user directly, with restrictions. */
export function UserPermissionsTab() {
  const { trans } = useTrans();
  const user = useEditedUser();
  const [errors, setErrors] = useState<PermissionErrors>({ byName: {} });
  const { form, wrap } = useUserTabForm<Values>({
    user,
    valuesOf: permissionValues,
    bodyOf: (values) => {
      setErrors({ byName: {} });
      return { permissions: values.permissions };
    },
    fieldOf: () => undefined,
    onOtherErrors: (map, values) => {
      const found = grantErrors(map, values.permissions);
      setErrors(found);
      return !!found.general || Object.keys(found.byName).length > 0;
    },
  });
  return wrap(
    trans('Permissions'),
    <div className="flex flex-col gap-6">
      <section className={tabCard} aria-labelledby="user-role-summary-heading">
        <div>
          <h2 id="user-role-summary-heading" className="text-base font-medium text-fg">
            {trans('Roles')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {trans('The user holds every permission of these roles. Change them on the Details tab.')}
          </p>
        </div>
        <RoleLinks user={user} />
      </section>
      <section className={tabCard} aria-labelledby="user-permissions-heading">
        <div>
          <h2 id="user-permissions-heading" className="text-base font-medium text-fg">
            {trans('Direct permissions')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            {trans('Granted to this user besides those of the roles; where both limit one, the larger limit applies.')}
          </p>
        </div>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <PermissionSelector
              value={field.value}
              onChange={field.onChange}
              errors={errors.byName}
              error={errors.general}
            />
          )}
        />
      </section>
    </div>,
  );
}

export { UserPermissionsTab as Component };
