import type { MenuItem } from '@kosh/contracts';
import { MenuItem as DropdownItem } from '../../ui/Menu.tsx';
import { isExternalAction } from './menu-visibility.ts';

/** Menu items as entries of a dropdown (a phone's menu, the account menu); ids keep their item's id. */
export function dropdownMenuLinks(items: MenuItem[], trans: (line: string) => string, idPrefix = '') {
  return items.map((item) => (
    <DropdownItem
      key={item.id}
      id={`${idPrefix}${item.id}`}
      href={item.action}
      target={isExternalAction(item) ? (item.target ?? '_self') : item.target}
      textValue={trans(item.label)}
    >
      {trans(item.label)}
    </DropdownItem>
  ));
}
