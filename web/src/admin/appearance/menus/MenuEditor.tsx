import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { MENU_POSITIONS } from '@kosh/contracts';
import { MENU_ITEMS_MAX } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { DeleteMenuDialog } from './DeleteMenuDialog.tsx';
import { MENU_POSITION_LABELS, newMenuItem } from './menu-draft.ts';
import { MenuItemsList } from './MenuItemsList.tsx';
import { useMenuDraft } from './MenuEditorLayout.tsx';

/** /admin/appearance/menus/:menuIndex: name, positions, the items in order, Add item and Delete menu. */
export function MenuEditor() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { menu, index, draft, errors, update, updateItems } = useMenuDraft();
  const [isDeleting, setDeleting] = useState(false);
  const base = `/admin/appearance/menus/${index}`;
  const invalid = new Set(
    Object.keys(errors)
      .map((key) => /^items\.(\d+)/.exec(key)?.[1])
      .filter((i): i is string => i !== undefined)
      .map(Number),
  );

  const addItem = () => {
    const item = { ...newMenuItem(), label: trans('New item') };
    update({ items: [...draft.items, item] });
    void navigate(`${base}/${draft.items.length}`);
  };

  return (
    <div className="relative flex flex-col gap-5">
      <TextField
        label={trans('Menu name')}
        isRequired
        value={draft.name}
        onChange={(name) => update({ name })}
        errorMessage={errors.name}
      />
      <CheckboxGroup
        value={draft.positions}
        onChange={(positions) => update({ positions })}
        isInvalid={!!errors.positions}
        validationBehavior="aria"
        className="relative flex flex-col gap-2"
      >
        <Label className="text-sm font-medium">{trans('Menu positions')}</Label>
        <Text slot="description" className="text-xs text-fg-muted">
          {trans('A position shows one menu. Choosing a position another menu has moves it to this menu on save.')}
        </Text>
        {MENU_POSITIONS.map((position) => (
          <Checkbox key={position} value={position}>
            {trans(MENU_POSITION_LABELS[position] ?? position)}
          </Checkbox>
        ))}
        <FieldError className="text-xs text-danger">{errors.positions}</FieldError>
      </CheckboxGroup>
      <section aria-labelledby="menu-items-heading" className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <h3 id="menu-items-heading" className="flex-1 text-sm font-medium">
            {trans('Menu items')}
          </h3>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={draft.items.length >= MENU_ITEMS_MAX}
            startIcon={<Plus size={18} aria-hidden />}
            onPress={addItem}
          >
            {trans('Add item')}
          </Button>
        </div>
        <MenuItemsList items={draft.items} invalid={invalid} onChange={updateItems} itemPath={(i) => `${base}/${i}`} />
        {errors.items && <p className="text-xs text-danger">{errors.items}</p>}
      </section>
      <Button
        variant="danger-text"
        className="self-start"
        startIcon={<Trash2 size={18} aria-hidden />}
        onPress={() => setDeleting(true)}
      >
        {trans('Delete menu')}
      </Button>
      <DeleteMenuDialog
        menu={isDeleting ? menu : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/admin/appearance/menus')}
      />
    </div>
  );
}

export { MenuEditor as Component };
