import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTrans } from '../../../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { TextArea } from '../../../../ui/TextArea.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { ImageField } from '../ImageField.tsx';
import { moveItem } from './landing-draft.ts';

export type ItemField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'image' | 'select';
  isRequired?: boolean;
  options?: ReadonlyArray<{ id: string; label: string }>;
};

type Props<T extends Record<string, unknown>> = {
  /** 'Feature', 'Teaser': names each card ('Feature 2') and the Add button. */
  itemName: string;
  items: readonly T[];
  fields: readonly ItemField[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  /** The error of one item's field, by index and name. */
  errorOf: (index: number, name: string) => string | undefined;
  max: number;
};

/** A list of landing items: a card of fields each, moved up or down, removed, added at the end. */
export function ListEditor<T extends Record<string, unknown>>({
  itemName,
  items,
  fields,
  onChange,
  newItem,
  errorOf,
  max,
}: Props<T>) {
  const { trans } = useTrans();
  const change = (index: number, name: string, value: unknown) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [name]: value } : item)));
  return (
    <div className="flex flex-col gap-4">
      {items.map((item, index) => {
        const title = trans(`${itemName} :number`, { number: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; the position is the identity here.
          <section key={index} aria-label={title} className="rounded-kosh border border-divider p-3">
            <div className="mb-3 flex items-center gap-1">
              <h3 className="min-w-0 flex-1 truncate text-sm font-medium">{title}</h3>
              <IconButton
                size="sm"
                label={trans('Move up')}
                isDisabled={index === 0}
                onPress={() => onChange(moveItem(items, index, -1))}
              >
                <ArrowUp size={16} aria-hidden />
              </IconButton>
              <IconButton
                size="sm"
                label={trans('Move down')}
                isDisabled={index === items.length - 1}
                onPress={() => onChange(moveItem(items, index, 1))}
              >
                <ArrowDown size={16} aria-hidden />
              </IconButton>
              <IconButton
                size="sm"
                label={trans('Remove')}
                onPress={() => onChange(items.filter((_, i) => i !== index))}
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </div>
            <div className="flex flex-col gap-3">
              {fields.map((field) => {
                const value = String(item[field.name] ?? '');
                const error = errorOf(index, field.name);
                const onValue = (next: unknown) => change(index, field.name, next);
                if (field.kind === 'image')
                  return (
                    <ImageField
                      key={field.name}
                      label={field.label}
                      value={value}
                      onChange={onValue}
                      errorMessage={error}
                    />
                  );
                if (field.kind === 'select')
                  return (
                    <Select
                      key={field.name}
                      label={trans(field.label)}
                      options={(field.options ?? []).map((o) => ({ id: o.id, label: trans(o.label) }))}
                      value={value}
                      onChange={(next) => next !== null && onValue(String(next))}
                      errorMessage={error}
                    />
                  );
                const Field = field.kind === 'textarea' ? TextArea : TextField;
                return (
                  <Field
                    key={field.name}
                    label={trans(field.label)}
                    isRequired={field.isRequired}
                    value={value}
                    onChange={onValue}
                    errorMessage={error}
                  />
                );
              })}
            </div>
          </section>
        );
      })}
      {items.length < max && (
        <Button
          variant="secondary"
          className="self-start"
          startIcon={<Plus size={18} aria-hidden />}
          onPress={() => onChange([...items, newItem()])}
        >
          {trans(`Add ${itemName.toLowerCase()}`)}
        </Button>
      )}
    </div>
  );
}
