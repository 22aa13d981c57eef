import { useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, SearchX, Trash2 } from 'lucide-react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { buttonClasses, focusRing } from '../../ui/button-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DeleteRoleDialog } from './DeleteRoleDialog.tsx';
import { hasBadges, RoleBadges } from './RoleBadges.tsx';
import { RoleEditor } from './RoleEditor.tsx';
import { RoleUsersTab } from './RoleUsersTab.tsx';
import { useRole } from './roles.api.ts';
import { canDeleteRole } from './RolesListPage.tsx';

const tabClass = clsx(
  'relative inline-flex h-11 cursor-pointer items-center px-3 text-sm font-medium text-fg-muted',
  'transition-colors duration-125 hover:text-fg data-[selected]:text-primary',
  'data-[selected]:after:absolute data-[selected]:after:inset-x-0 data-[selected]:after:bottom-0',
  'data-[selected]:after:h-0.5 data-[selected]:after:bg-primary',
  focusRing,
);

const backLink = (label: string) => (
  <Link to="/admin/roles" className={buttonClasses('text', 'md')}>
    <ArrowLeft size={18} aria-hidden />
    {label}
  </Link>
);

/** A role: its settings and permissions, and (but for the guests role) its users, on two tabs. */
export function RoleEditPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const [params, setParams] = useSearchParams();
  const role = useRole(roleId);
  const [isDeleting, setDeleting] = useState(false);
  if (!role.data) {
    const isMissing = isApiError(role.error) && role.error.status === 404;
    return (
      <AdminPage title={trans('Role')} actions={backLink(trans('Roles'))}>
        <div className="flex flex-col items-center gap-2 py-16 text-center">
          {isMissing ? (
            <>
              <SearchX size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
              <p className="text-xl font-medium text-fg">{trans('This role does not exist')}</p>
              <p className="text-sm text-fg-muted">{trans('It may have been deleted.')}</p>
            </>
          ) : role.isError ? (
            <Button onPress={() => void role.refetch()}>{trans('Try again')}</Button>
          ) : (
            <Spinner />
          )}
        </div>
      </AdminPage>
    );
  }
  const current = role.data;
  const hasUsers = !current.is_guest;
  const tab = hasUsers && params.get('tab') === 'users' ? 'users' : 'settings';
  return (
    <AdminPage
      title={current.name}
      documentTitle={trans('Edit role')}
      description={hasBadges(current) ? <RoleBadges role={current} /> : undefined}
      actions={
        <>
          {backLink(trans('Roles'))}
          {canDeleteRole(current) && (
            <Button
              variant="danger-text"
              onPress={() => setDeleting(true)}
              startIcon={<Trash2 size={18} aria-hidden />}
            >
              {trans('Delete')}
            </Button>
          )}
        </>
      }
    >
      <RoleEditor key={current.id} role={current} onSaved={() => toast.positive(trans('Role saved'))}>
        {(form) => (
          <Tabs
            selectedKey={tab}
            onSelectionChange={(key) =>
              setParams((prev) => {
                const next = new URLSearchParams(key === 'users' ? prev : undefined);
                if (key === 'users') next.set('tab', 'users');
                return next;
              })
            }
          >
            <TabList aria-label={trans('Role')} className="-mt-1 mb-4 flex gap-2 border-b border-divider">
              <Tab id="settings" className={tabClass}>
                {trans('Settings')}
              </Tab>
              {hasUsers && (
                <Tab id="users" className={tabClass}>
                  {trans('Users')}
                </Tab>
              )}
            </TabList>
            <TabPanel id="settings" className="outline-none">
              {form}
            </TabPanel>
            {hasUsers && (
              <TabPanel id="users" className="outline-none">
                <RoleUsersTab role={current} />
              </TabPanel>
            )}
          </Tabs>
        )}
      </RoleEditor>
      <DeleteRoleDialog
        role={isDeleting ? current : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/admin/roles', { replace: true })}
      />
    </AdminPage>
  );
}

export { RoleEditPage as Component };
