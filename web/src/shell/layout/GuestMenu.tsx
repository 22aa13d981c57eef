import { Menu as MenuIcon } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import type { MenuItem } from '@kosh/contracts';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import type { MenuOpenState } from '../../ui/DeferredMenu.tsx';
import { Dropdown } from '../../ui/Menu.tsx';
import { useTrans } from '../i18n/useTrans.tsx';
import { dropdownMenuLinks } from '../menus/dropdown-menu-links.tsx';

export type GuestMenuProps = { items: MenuItem[] };

/** A visitor's one menu on small screens: the position's menu and 'Contact us'. */
export function GuestMenu({ items, isOpen, onOpenChange }: GuestMenuProps & MenuOpenState) {
  const { trans } = useTrans();
  return (
    <Dropdown
      aria-label={trans('Main menu')}
      placement="bottom end"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <AriaButton aria-label={trans('Open menu')} className={iconButtonClasses('md')}>
          <MenuIcon size={20} aria-hidden />
        </AriaButton>
      }
    >
      {dropdownMenuLinks(items, trans)}
    </Dropdown>
  );
}
