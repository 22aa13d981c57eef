import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MenuItem } from '@kosh/contracts';
import { focusRing } from '../../ui/button-styles.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { isExternalAction } from './menu-visibility.ts';
import { useMenu } from './useMenu.ts';

/** `icon`: the item's icon, drawn by the caller (the drive sidebar) so the public pages never load the icon set. */
type LinkProps = { item: MenuItem; className?: string; icon?: ReactNode };

/** One menu item as a link: type 'link' and absolute URLs load normally, others route in-app. */
export function MenuItemLink({ item, className, icon }: LinkProps) {
  const { trans } = useTrans();
  const label = icon ? (
    <>
      {icon}
      <span className="truncate">{trans(item.label)}</span>
    </>
  ) : (
    trans(item.label)
  );
  const rel = item.target === '_blank' ? 'noopener noreferrer' : undefined;
  // An icon needs a flex row with a gap; a caller's classes that already set them win.
  const classes = clsx(
    icon && !/(^|\s)(inline-)?flex(\s|$)/.test(className ?? '') && 'inline-flex items-center',
    icon && !/(^|\s)gap-/.test(className ?? '') && 'gap-2',
    className,
  );
  if (isExternalAction(item)) {
    return (
      <a href={item.action} target={item.target} rel={rel} className={classes}>
        {label}
      </a>
    );
  }
  return (
    <RouterLink to={item.action} target={item.target} rel={rel} className={classes}>
      {label}
    </RouterLink>
  );
}

type CustomMenuProps = {
  position: string;
  className?: string;
  itemClassName?: string;
  /** Accessible name of the <nav>. */
  label?: string;
};

/** Renders the menu of a position as a list of links, or nothing when it is empty. */
export function CustomMenu({ position, className, itemClassName, label }: CustomMenuProps) {
  const menu = useMenu(position);
  const { trans } = useTrans();
  if (!menu?.items.length) return null;
  return (
    <nav aria-label={label ?? trans(menu.name)} data-menu-position={position}>
      <ul className={clsx('flex', className)}>
        {menu.items.map((item) => (
          <li key={item.id}>
            <MenuItemLink item={item} className={clsx(focusRing, itemClassName)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
