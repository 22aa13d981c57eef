import { useState } from 'react';
import clsx from 'clsx';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { Theme } from '@kosh/contracts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { focusRing } from '../../../ui/button-styles.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { DeleteThemeDialog } from './DeleteThemeDialog.tsx';
import { newThemeBody } from './theme-draft.ts';
import { refreshThemes, themesApi, useAdminThemes } from './themes.api.ts';

const chip = 'rounded-full bg-bg-chip px-2 py-0.5 text-xs text-fg';

/** A theme's swatch: its background, text and primary colours side by side. */
function Swatch({ theme }: { theme: Theme }) {
  const v = theme.values;
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-kosh border border-divider"
      style={{ background: v['--kosh-bg'] }}
    >
      <span className="size-4 rounded-full" style={{ background: v['--kosh-primary'] }} />
      <span className="ml-0.5 size-4 rounded-full" style={{ background: v['--kosh-fg'] }} />
    </span>
  );
}

/** /admin/appearance/themes: every theme, its default chips, New theme, duplicate and delete. */
export function ThemesList() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const themes = useAdminThemes();
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const [isCreating, setCreating] = useState(false);
  const list = themes.data ?? [];

  const create = async () => {
    setCreating(true);
    try {
      const created = await themesApi.create(newThemeBody(list, trans('New theme')));
      const fresh = await themesApi.list();
      await refreshThemes();
      void navigate(`/admin/appearance/themes/${fresh.findIndex((t) => t.id === created.id)}`);
    } catch (error) {
      showHttpErrorToast(error);
    } finally {
      setCreating(false);
    }
  };

  const duplicate = async (theme: Theme) => {
    try {
      await themesApi.duplicate(theme.id);
      await refreshThemes();
    } catch (error) {
      showHttpErrorToast(error);
    }
  };

  return (
    <section aria-labelledby="themes-heading" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="themes-heading" className="flex-1 text-base font-medium">
          {trans('Themes')}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          startIcon={<Plus size={18} aria-hidden />}
          isPending={isCreating}
          onPress={() => void create()}
        >
          {trans('New theme')}
        </Button>
      </div>
      {themes.isPending && <Spinner label={trans('Loading')} />}
      <ul className="flex flex-col gap-1">
        {list.map((theme, index) => (
          <li key={theme.id} className="flex items-center gap-1 rounded-kosh hover:bg-bg-alt">
            <Link
              to={`/admin/appearance/themes/${index}`}
              className={clsx('flex min-w-0 flex-1 items-center gap-3 rounded-kosh p-2', focusRing)}
            >
              <Swatch theme={theme} />
              <span className="flex min-w-0 flex-col gap-1">
                <span className="truncate text-sm font-medium">{theme.name}</span>
                <span className="flex flex-wrap gap-1">
                  {theme.default_light && <span className={chip}>{trans('Default light')}</span>}
                  {theme.default_dark && <span className={chip}>{trans('Default dark')}</span>}
                  {!theme.default_light && !theme.default_dark && (
                    <span className="text-xs text-fg-muted">{theme.is_dark ? trans('Dark') : trans('Light')}</span>
                  )}
                </span>
              </span>
            </Link>
            <IconButton
              label={trans('Duplicate :name', { name: theme.name })}
              size="sm"
              onPress={() => void duplicate(theme)}
            >
              <Copy size={18} aria-hidden />
            </IconButton>
            <IconButton
              label={trans('Delete :name', { name: theme.name })}
              size="sm"
              onPress={() => setDeleting(theme)}
            >
              <Trash2 size={18} aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
      <DeleteThemeDialog theme={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

export { ThemesList as Component };
