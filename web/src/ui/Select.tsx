import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import {
  Button as AriaButton,
  Collection,
  FieldError,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import { DROPDOWN_MAX_HEIGHT_PX, POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { useTrans } from '../shell/i18n/useTrans.tsx';

export type SelectOption = { id: string | number; label: string };
export type SelectGroup = { id: string; label: string; options: SelectOption[] };

type Props = {
  label: ReactNode;
  /** Flat options, or groups shown under a header each. */
  options: SelectOption[] | SelectGroup[];
  value: string | number | null | undefined;
  onChange: (value: string | number | null) => void;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
  name?: string;
};

const isGrouped = (options: SelectOption[] | SelectGroup[]): options is SelectGroup[] =>
  options.length > 0 && 'options' in options[0];

const optionClass = clsx(
  'mx-1 flex h-9 cursor-pointer items-center gap-2 rounded-[6px] px-3 text-sm text-fg outline-none',
  'data-[focused]:bg-bg-alt data-[selected]:font-medium',
);

function renderOption(option: SelectOption) {
  return (
    <ListBoxItem key={option.id} id={option.id} textValue={option.label} className={optionClass}>
      {({ isSelected }) => (
        <>
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          {isSelected && <Check size={16} className="shrink-0 text-primary" aria-hidden />}
        </>
      )}
    </ListBoxItem>
  );
}

/** A select field: 40 px trigger, label above with asterisk, options in a 420 px max popover (UI.md). */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder,
  isRequired,
  isDisabled,
  description,
  errorMessage,
  className,
  name,
}: Props) {
  const { trans } = useTrans();
  return (
    <AriaSelect
      name={name}
      value={value ?? null}
      onChange={(key: Key | null) => onChange(key)}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      placeholder={placeholder ?? trans('Select')}
      className={clsx('flex min-w-0 flex-col gap-1', className)}
    >
      <Label className="text-sm font-medium text-fg">
        {label}
        {isRequired && (
          <span className="ml-0.5 text-danger" aria-hidden>
            *
          </span>
        )}
      </Label>
      <AriaButton
        className={clsx(
          'flex h-10 w-full min-w-0 cursor-pointer items-center gap-2 rounded-kosh border border-divider bg-bg px-3',
          'text-left text-sm text-fg outline-none',
          'transition-[border-color,box-shadow] duration-125 ease-kosh',
          'data-[focus-visible]:border-primary data-[focus-visible]:ring-1 data-[focus-visible]:ring-primary',
          'data-[pressed]:bg-bg-alt',
          'data-[disabled]:cursor-default data-[disabled]:opacity-60',
          errorMessage && 'border-danger',
        )}
      >
        <SelectValue className="min-w-0 flex-1 truncate data-[placeholder]:text-fg-muted" />
        <ChevronDown size={18} className="shrink-0 text-fg-muted" aria-hidden />
      </AriaButton>
      {description && !errorMessage && (
        <Text slot="description" className="text-xs text-fg-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-xs text-danger">{errorMessage}</FieldError>
      <Popover
        maxHeight={DROPDOWN_MAX_HEIGHT_PX}
        containerPadding={POPOVER_COLLISION_PADDING_PX}
        offset={4}
        className={clsx(
          'flex w-[var(--trigger-width)] min-w-[200px] flex-col overflow-hidden rounded-kosh border border-divider',
          'bg-bg py-1 shadow-lg outline-none data-[entering]:animate-fade-in',
        )}
      >
        <ListBox
          className="min-h-0 overflow-y-auto outline-none"
          renderEmptyState={() => (
            <div className="px-4 py-3 text-sm text-fg-muted">{trans('There are no items matching your query')}</div>
          )}
        >
          {isGrouped(options)
            ? options.map((group) => (
                // Section keys share the collection's key space with the options ('UTC' is both).
                <ListBoxSection key={group.id} id={`group:${group.id}`} className="pb-1">
                  <Header
                    className={clsx(
                      'sticky top-0 z-10 bg-bg px-4 pt-2 pb-1',
                      'text-xs font-medium tracking-wide text-fg-muted uppercase',
                    )}
                  >
                    {group.label}
                  </Header>
                  <Collection items={group.options}>{renderOption}</Collection>
                </ListBoxSection>
              ))
            : (options as SelectOption[]).map(renderOption)}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
