import {
  Bell,
  BookOpen,
  CircleHelp,
  Clock,
  Code,
  CreditCard,
  FileText,
  Globe,
  HardDrive,
  House,
  Info,
  Link,
  Mail,
  Settings,
  Shield,
  Star,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { MENU_ICONS } from '@kosh/contracts/admin-appearance';

/** The lucide component of each icon a menu item may carry (MENU_ICONS). */
export const MENU_ICON_COMPONENTS: Record<(typeof MENU_ICONS)[number], LucideIcon> = {
  home: House,
  'hard-drive': HardDrive,
  users: Users,
  clock: Clock,
  star: Star,
  trash: Trash2,
  'credit-card': CreditCard,
  settings: Settings,
  bell: Bell,
  mail: Mail,
  'file-text': FileText,
  'book-open': BookOpen,
  code: Code,
  'help-circle': CircleHelp,
  info: Info,
  shield: Shield,
  globe: Globe,
  link: Link,
};

/** The icon of a menu item, or undefined when it has none or one this version does not know. */
export function menuIcon(name: string | undefined): LucideIcon | undefined {
  return name ? (MENU_ICON_COMPONENTS as Record<string, LucideIcon>)[name] : undefined;
}
