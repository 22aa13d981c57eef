import { Trash2 } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import type { MenuItem } from '@kosh/contracts';
import { MENU_ROUTES } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { IconPicker } from './IconPicker.tsx';
import { pageAction } from './menu-draft.ts';
import { useMenuDraft } from './MenuEditorLayout.tsx';
import { MenuItemConditions } from './MenuItemConditions.tsx';
import { useCustomPageOptions } from './menus.api.ts';

const TYPES: Array<{ id: MenuItem['type']; label: string }> = [
  { id: 'route', label: 'Site page' },
  { id: 'page', label: 'Custom page' },
  { id: 'link', label: 'Custom link' },
];

/** /admin/appearance/menus/:menuIndex/:menuItemIndex: one item's label, address, icon and visibility. */
export function MenuItemEditor() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { menuItemIndex } = useParams();
  const { draft, index, errors, update, updateItem } = useMenuDraft();
  const pages = useCustomPageOptions();
  const itemIndex = Number(menuItemIndex);
  const item = draft.items[itemIndex];
  if (!item) return <p className="text-sm text-fg-muted">{trans('This menu item does not exist.')}</p>;
  const error = (field: string) => errors[`items.${itemIndex}.${field}`];
  const set = (patch: Partial<MenuItem>) => updateItem(itemIndex, patch);
  const pageSlug = item.type === 'page' ? item.action.replace(/^\/pages\//, '') : null;

  const changeType = (type: MenuItem['type']) => {
    if (type === item.type) return;
    const first = pages.data?.[0];
    const action = type === 'route' ? '/drive' : type === 'page' ? (first ? pageAction(first.slug) : '') : 'https://';
    set({ type, action });
  };

  return (
    <div className="relative flex flex-col gap-5">
      <h2 className="truncate text-base font-medium">{trans(item.label) || trans('Menu item')}</h2>
      <TextField
        label={trans('Label')}
        isRequired
        value={item.label}
        onChange={(label) => set({ label })}
        errorMessage={error('label')}
      />
      <Select
        label={trans('Type')}
        options={TYPES.map((t) => ({ id: t.id, label: trans(t.label) }))}
        value={item.type}
        onChange={(type) => changeType(type as MenuItem['type'])}
      />
      {item.type === 'route' && (
        <Select
          label={trans('Page')}
          options={MENU_ROUTES.map((route) => ({ id: route, label: route }))}
          value={(MENU_ROUTES as readonly string[]).includes(item.action) ? item.action : null}
          onChange={(route) => set({ action: String(route) })}
          errorMessage={error('action')}
        />
      )}
      {item.type === 'page' && (
        <Select
          label={trans('Custom page')}
          placeholder={trans('Choose a page')}
          options={(pages.data ?? []).map((page) => ({ id: page.slug, label: page.title }))}
          value={pageSlug}
          onChange={(slug) => set({ action: pageAction(String(slug)) })}
          errorMessage={error('action')}
        />
      )}
      {item.type === 'link' && (
        <TextField
          label={trans('URL')}
          type="url"
          isRequired
          value={item.action}
          onChange={(action) => set({ action })}
          errorMessage={error('action')}
        />
      )}
      <RadioGroup
        label={trans('Open link in')}
        orientation="horizontal"
        value={item.target ?? '_self'}
        onChange={(target) => set({ target: target as MenuItem['target'] })}
        options={[
          { id: '_self', label: trans('Same window') },
          { id: '_blank', label: trans('New window') },
        ]}
      />
      <IconPicker value={item.icon} onChange={(icon) => set({ icon })} />
      <MenuItemConditions item={item} onChange={set} />
      <Button
        variant="danger-text"
        className="self-start"
        startIcon={<Trash2 size={18} aria-hidden />}
        onPress={() => {
          update({ items: draft.items.filter((_, i) => i !== itemIndex) });
          void navigate(`/admin/appearance/menus/${index}`);
        }}
      >
        {trans('Delete item')}
      </Button>
    </div>
  );
}

export { MenuItemEditor as Component };
