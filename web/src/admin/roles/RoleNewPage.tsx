import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { RoleEditor } from './RoleEditor.tsx';

/** A new role: its settings and permissions; once created, its page opens to assign users. */
export function RoleNewPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={trans('New role')}
      actions={
        <Link to="/admin/roles" className={buttonClasses('text', 'md')}>
          <ArrowLeft size={18} aria-hidden />
          {trans('Roles')}
        </Link>
      }
    >
      <RoleEditor
        saveLabel={trans('Create role')}
        onSaved={(role, leave) => {
          toast.positive(trans('Role created'));
          leave();
          void navigate(`/admin/roles/${role.id}/edit`, { replace: true });
        }}
      >
        {(form) => form}
      </RoleEditor>
    </AdminPage>
  );
}

export { RoleNewPage as Component };
