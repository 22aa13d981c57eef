import {
  BadgeCheck,
  ChartNoAxesColumn,
  CreditCard,
  Files,
  FileText,
  HardDrive,
  Inbox,
  Languages,
  Mail,
  Megaphone,
  Palette,
  ScrollText,
  Settings,
  ShieldCheck,
  Tags,
  TicketPercent,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Permission } from '@kosh/contracts/permissions';

/** One screen of the admin area: where it lives, what it is for, and who may open it (spec part 2, 6). */
export type AdminSection = {
  id: string;
  label: string;
  /** One line for the overview. */
  description: string;
  path: string;
  icon: LucideIcon;
  permission: string;
};

/**
 * The sections of the admin area in sidebar order. A section is listed only once its screen
 * exists (the sidebar also checks the router), and only to those holding its permission.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'report',
    label: 'Report',
    description: 'An overview of the site and the sections you may open.',
    path: '/admin',
    icon: ChartNoAxesColumn,
    permission: Permission.adminAccess,
  },
  {
    id: 'users',
    label: 'Users',
    description: 'Find accounts, add users, suspend them, or log in as one to help.',
    path: '/admin/users',
    icon: Users,
    permission: Permission.usersUpdate,
  },
  {
    id: 'roles',
    label: 'Roles',
    description: 'Group permissions into roles and choose who holds them.',
    path: '/admin/roles',
    icon: ShieldCheck,
    permission: Permission.rolesUpdate,
  },
  {
    id: 'plans',
    label: 'Plans',
    description:
      'The plans of the pricing page: their space, features and prices, their order, their sync with Stripe.',
    path: '/admin/plans',
    icon: CreditCard,
    permission: Permission.plansUpdate,
  },
  {
    id: 'discount',
    label: 'Discount',
    description: 'Coupon codes customers type at checkout: percent or amount off, a limit, an expiry.',
    path: '/admin/discount',
    icon: TicketPercent,
    permission: Permission.discountUpdate,
  },
  {
    id: 'subscriptions',
    label: 'Subscriptions',
    description: 'Who pays for which plan, and until when: cancel, renew, or grant a plan without payment.',
    path: '/admin/subscriptions',
    icon: BadgeCheck,
    permission: Permission.subscriptionsUpdate,
  },
  {
    id: 'files',
    label: 'Files',
    description: 'Every file and folder people uploaded: preview them, or delete them forever.',
    path: '/admin/files',
    icon: Files,
    permission: Permission.filesUpdate,
  },
  {
    id: 'custom-pages',
    label: 'Pages',
    description: 'Write the site’s content pages (about us, terms, articles) and their search engine text.',
    path: '/admin/custom-pages',
    icon: FileText,
    permission: Permission.customPagesUpdate,
  },
  {
    id: 'tags',
    label: 'Tags',
    description: 'Rename, merge and delete the tags people put on files and folders.',
    path: '/admin/tags',
    icon: Tags,
    permission: Permission.tagsUpdate,
  },
  {
    id: 'localizations',
    label: 'Localizations',
    description: 'The languages the site speaks: add one, translate its lines, download and upload them.',
    path: '/admin/localizations',
    icon: Languages,
    permission: Permission.localizationsUpdate,
  },
  {
    id: 'user-space',
    label: 'User space',
    description: 'Who takes the most space, and whose allowance is nearly or over full.',
    path: '/admin/user-space',
    icon: HardDrive,
    permission: Permission.adminAccess,
  },
  {
    id: 'enquiries',
    label: 'Enquiries',
    description: 'Messages from the contact and reseller forms: read, reply, archive.',
    path: '/admin/enquiries',
    icon: Inbox,
    permission: Permission.adminAccess,
  },
  {
    id: 'ads',
    label: 'Ads',
    description: 'Ad code for the landing page, the drive and shared links; off for staff.',
    path: '/admin/ads',
    icon: Megaphone,
    permission: Permission.settingsUpdate,
  },
  {
    id: 'mail-templates',
    label: 'Mail templates',
    description: 'The words of every mail the site sends: subject, HTML and plain text, with a preview.',
    path: '/admin/mail-template',
    icon: Mail,
    permission: Permission.settingsUpdate,
  },
  {
    id: 'appearance',
    label: 'Appearance',
    description: 'The site’s look: name, logos, themes, menus, custom code and the landing page, with a live preview.',
    path: '/admin/appearance',
    icon: Palette,
    permission: Permission.appearanceUpdate,
  },
  {
    id: 'settings',
    label: 'Settings',
    description: 'Site-wide options: sign-in, uploads, languages, cookie notice and more.',
    path: '/admin/settings',
    icon: Settings,
    permission: Permission.settingsUpdate,
  },
  {
    id: 'logs',
    label: 'Logs',
    description: 'Every change staff made: who, when, and the values before and after.',
    path: '/admin/logs',
    icon: ScrollText,
    permission: Permission.logsView,
  },
];

/** The sections a user may open: their permission held and a page the router knows. */
export function visibleSections(
  sections: readonly AdminSection[],
  hasPermission: (name: string) => boolean,
  isAppPage: (path: string) => boolean,
): AdminSection[] {
  return sections.filter((s) => hasPermission(s.permission) && isAppPage(s.path));
}

/** The section a path belongs to: the longest section path it starts with ('/admin' only for itself). */
export function activeSection(sections: readonly AdminSection[], pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return sections
    .filter((s) => path === s.path || (s.path !== '/admin' && path.startsWith(`${s.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
