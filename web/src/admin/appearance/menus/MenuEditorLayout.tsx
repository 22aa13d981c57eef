import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useOutletContext, useParams } from 'react-router';
import type { Menu, MenuItem } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAppearanceEditor, useEditorSection } from '../editor-context.ts';
import { menuBody } from './menu-draft.ts';
import { menusApi, refreshMenus, useAdminMenus } from './menus.api.ts';

export type MenuDraft = {
  menu: Menu;
  index: number;
  draft: Menu;
  /** 422 messages by field: `name`, `positions`, `items.2.label`... */
  errors: Record<string, string>;
  update: (patch: Partial<Pick<Menu, 'name' | 'positions' | 'items'>>) => void;
  updateItem: (itemIndex: number, patch: Partial<MenuItem>) => void;
  /** Changes the latest items (a reorder). */
  updateItems: (apply: (items: MenuItem[]) => MenuItem[]) => void;
};

/** The draft of the menu being edited, shared by the menu screen and its item screens. */
export const useMenuDraft = () => useOutletContext<MenuDraft>();

/** The page of the frame that shows a menu's positions best. */
const previewPageFor = (positions: string[]) => (positions.some((p) => p.startsWith('drive-')) ? 'drive' : 'landing');

function MenuDraftProvider({ menu, menus, index }: { menu: Menu; menus: Menu[]; index: number }) {
  const { trans } = useTrans();
  const { preview, resetPreview, setPreviewPage } = useAppearanceEditor();
  const [saved, setSaved] = useState<Menu>(() => structuredClone(menu));
  const [draft, setDraft] = useState<Menu>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const menusRef = useRef(menus);
  menusRef.current = menus;

  useEffect(() => {
    setPreviewPage(previewPageFor(menu.positions));
  }, [menu.positions, setPreviewPage]);

  const previewDraft = useCallback(
    (next: Menu) => {
      // A position belongs to one menu: the others lose the positions this one takes, as the server does.
      const all = menusRef.current.map((m) =>
        m.id === next.id ? next : { ...m, positions: m.positions.filter((p) => !next.positions.includes(p)) },
      );
      preview({ type: 'setValues', values: { menus: all } });
    },
    [preview],
  );

  const change = useCallback(
    (apply: (prev: Menu) => Menu) =>
      setDraft((prev) => {
        const next = apply(prev);
        previewDraft(next);
        return next;
      }),
    [previewDraft],
  );

  const value = useMemo<MenuDraft>(
    () => ({
      menu,
      index,
      draft,
      errors,
      update: (patch) => change((prev) => ({ ...prev, ...patch })),
      updateItems: (apply) => change((prev) => ({ ...prev, items: apply(prev.items) })),
      updateItem: (itemIndex, patch) =>
        change((prev) => ({
          ...prev,
          items: prev.items.map((item, i) => (i === itemIndex ? { ...item, ...patch } : item)),
        })),
    }),
    [menu, index, draft, errors, change],
  );

  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  const save = useCallback(async () => {
    setSaving(true);
    try {
      const stored = await menusApi.update(draftRef.current.id, menuBody(draftRef.current));
      setSaved(stored);
      setDraft(stored);
      setErrors({});
      await refreshMenus();
      toast.positive(trans('Menu saved'));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const found = Object.fromEntries(
          Object.entries(error.errors)
            .filter(([, m]) => m?.[0])
            .map(([k, m]) => [k, m[0]]),
        );
        setErrors(found);
        if (!Object.keys(found).length) showHttpErrorToast(error);
        else toast.danger(trans('Check the highlighted fields.'));
      } else showHttpErrorToast(error);
    } finally {
      setSaving(false);
    }
  }, [trans]);
  const discard = useCallback(() => {
    setDraft(saved);
    setErrors({});
    resetPreview();
  }, [saved, resetPreview]);
  useEditorSection({ dirty, saving, save, discard, scope: `/admin/appearance/menus/${index}` });

  return <Outlet context={value} />;
}

/** /admin/appearance/menus/:menuIndex and its items' screens. */
export function MenuEditorLayout() {
  const { trans } = useTrans();
  const { menuIndex } = useParams();
  const menus = useAdminMenus();
  const index = Number(menuIndex);
  const menu = menus.data?.[index];
  if (menus.isPending) return <Spinner label={trans('Loading')} />;
  if (!menu || !menus.data) return <p className="text-sm text-fg-muted">{trans('This menu does not exist.')}</p>;
  return <MenuDraftProvider key={menu.id} menu={menu} menus={menus.data} index={index} />;
}

export { MenuEditorLayout as Component };
