import { menuIcon } from './menu-icons.ts';

/** The lucide glyph of a menu item's icon; its own chunk, so a drive whose menus carry no icon never loads the set. */
export default function MenuIconGlyph({ name, size, className }: { name: string; size: number; className?: string }) {
  const Icon = menuIcon(name);
  return Icon ? <Icon size={size} className={className} aria-hidden /> : null;
}
