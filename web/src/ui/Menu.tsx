import { useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import clsx from 'clsx';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components';
import { DROPDOWN_MAX_HEIGHT_PX, POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { findTypeAheadMatch, TypeAheadBuffer } from './type-ahead.ts';

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemcheckbox"],[role="menuitemradio"]';

/**
 * Replaces react-aria's built-in type-ahead (fixed at 1 s) with the 500 ms reset of
 * part 1, 9: printable keys are caught before the menu sees them.
 */
function useTypeAhead() {
  const buffer = useRef<TypeAheadBuffer>(null);
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const { key, ctrlKey, metaKey, altKey } = event;
    buffer.current ??= new TypeAheadBuffer();
    if (key.length !== 1 || ctrlKey || metaKey || altKey || (key === ' ' && !buffer.current.value)) return;
    event.preventDefault();
    event.stopPropagation();
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter(
      (el) => el.getAttribute('aria-disabled') !== 'true',
    );
    const labels = items.map((el) => el.dataset.textvalue ?? el.textContent ?? '');
    const current = items.indexOf(document.activeElement as HTMLElement);
    const match = findTypeAheadMatch(labels, buffer.current.push(key), current);
    if (match >= 0) items[match].focus();
  };
}

type DropdownProps<T extends object> = AriaMenuProps<T> & {
  /** The element that opens the menu (a react-aria Button). */
  trigger: ReactElement;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end' | 'bottom' | 'top';
  header?: ReactNode;
  minWidth?: number;
  /** Open state, when the owner keeps it (a deferred menu opens on its first load). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/** A dropdown menu: 8 px radius, max height 420, collision padding 16 (part 1, 9). */
export function Dropdown<T extends object>({
  trigger,
  placement = 'bottom end',
  header,
  minWidth = 200,
  className,
  isOpen,
  onOpenChange,
  ...menuProps
}: DropdownProps<T>) {
  const handleKeyDown = useTypeAhead();
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      {trigger}
      <Popover
        placement={placement}
        offset={4}
        maxHeight={DROPDOWN_MAX_HEIGHT_PX}
        containerPadding={POPOVER_COLLISION_PADDING_PX}
        style={{ minWidth }}
        className={clsx(
          'flex flex-col overflow-hidden rounded-kosh border border-divider bg-bg py-1 shadow-lg outline-none',
          'data-[entering]:animate-fade-in',
        )}
      >
        <div onKeyDownCapture={handleKeyDown} className="flex min-h-0 flex-col">
          {header}
          <AriaMenu
            {...menuProps}
            className={clsx('min-h-0 overflow-y-auto outline-none', typeof className === 'string' && className)}
          />
        </div>
      </Popover>
    </MenuTrigger>
  );
}

type MenuItemProps = Omit<AriaMenuItemProps, 'className' | 'children'> & {
  icon?: ReactNode;
  children: ReactNode;
  /** Right-aligned hint (shortcut, count). */
  end?: ReactNode;
  danger?: boolean;
};

export function MenuItem({ icon, children, end, danger, textValue, ...props }: MenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      data-textvalue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={clsx(
        'mx-1 flex h-9 cursor-pointer items-center gap-3 rounded-[6px] px-3 text-sm outline-none',
        'data-[focused]:bg-bg-alt data-[pressed]:bg-bg-chip data-[disabled]:opacity-50',
        danger ? 'text-danger' : 'text-fg',
      )}
    >
      {icon && (
        <span className="flex size-5 shrink-0 items-center justify-center text-fg-muted" aria-hidden>
          {icon}
        </span>
      )}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {end && <span className="shrink-0 text-xs text-fg-muted">{end}</span>}
    </AriaMenuItem>
  );
}

export function MenuDivider() {
  return <Separator className="mx-1 my-1 border-t border-divider" />;
}
