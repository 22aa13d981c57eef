import { useState } from 'react';
import clsx from 'clsx';
import { ChevronRight, Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { focusRing } from '../../../ui/button-styles.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { MENU_POSITION_LABELS } from './menu-draft.ts';
import { menusApi, refreshMenus, useAdminMenus } from './menus.api.ts';

/** /admin/appearance/menus: every menu with its positions, and Create menu. */
export function MenusList() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const menus = useAdminMenus();
  const [isCreating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const created = await menusApi.create({ name: trans('New menu'), positions: [], items: [] });
      const fresh = await menusApi.list();
      await refreshMenus();
      void navigate(`/admin/appearance/menus/${fresh.findIndex((m) => m.id === created.id)}`);
    } catch (error) {
      showHttpErrorToast(error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <section aria-labelledby="menus-heading" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="menus-heading" className="flex-1 text-base font-medium">
          {trans('Menus')}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          startIcon={<Plus size={18} aria-hidden />}
          isPending={isCreating}
          onPress={() => void create()}
        >
          {trans('Create menu')}
        </Button>
      </div>
      {menus.isPending && <Spinner label={trans('Loading')} />}
      <ul className="flex flex-col gap-1">
        {(menus.data ?? []).map((menu, index) => (
          <li key={menu.id}>
            <Link
              to={`/admin/appearance/menus/${index}`}
              className={clsx('flex items-center gap-3 rounded-kosh px-3 py-2 hover:bg-bg-alt', focusRing)}
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium">{trans(menu.name)}</span>
                <span className="truncate text-xs text-fg-muted">
                  {menu.positions.length
                    ? menu.positions.map((p) => trans(MENU_POSITION_LABELS[p] ?? p)).join(', ')
                    : trans('Not shown anywhere')}
                </span>
              </span>
              <span className="shrink-0 text-xs text-fg-muted">
                {trans(':count items', { count: menu.items.length })}
              </span>
              <ChevronRight size={18} className="shrink-0 text-fg-muted" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { MenusList as Component };
