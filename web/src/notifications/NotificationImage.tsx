import {
  Bell,
  CreditCard,
  FileSpreadsheet,
  FolderUp,
  HardDrive,
  LogIn,
  Share2,
  ShieldCheck,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { NotificationType } from '@kosh/contracts';

/** The icon keys data.image may hold (part 1, 3); anything else is an image URL. */
const ICONS: Record<string, LucideIcon> = { 'group-add': UserPlus, people: Users, 'export-csv': FileSpreadsheet };

/** Each notification type's icon (a type without one fails the typecheck), for notifications without an image. */
const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  'file-entry-shared': Share2,
  'shared-folder-upload': FolderUp,
  'workspace-invite': UserPlus,
  'workspace-joined': Users,
  'storage-almost-full': HardDrive,
  'new-sign-in': LogIn,
  'two-factor-changed': ShieldCheck,
  'payment-received': CreditCard,
  'payment-failed': CreditCard,
  'subscription-cancelled': CreditCard,
  'subscription-ending': CreditCard,
  'subscription-ended': CreditCard,
};

export const iconOf = (key: string | undefined): LucideIcon | undefined => (key ? ICONS[key] : undefined);

/** The icon of a type; a type this app does not know yet still gets a bell rather than a blank. */
export const typeIconOf = (type: string): LucideIcon => TYPE_ICONS[type as NotificationType] ?? Bell;

type Props = { image?: string; type: string; isUnread: boolean };

/**
 * The 40 px leading column of a row: the image or icon the notification names, else its type's
 * icon with the unread dot of part 1, 2.6 ("unread notifications without an image show a small dot").
 */
export function NotificationImage({ image, type, isUnread }: Props) {
  if (image && !iconOf(image)) return <img src={image} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  const Icon = iconOf(image) ?? typeIconOf(type);
  return (
    <span
      className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-chip text-primary"
      aria-hidden
    >
      <Icon size={20} data-testid="notification-icon" data-type={type} />
      {isUnread && !image && (
        <span
          data-testid="unread-dot"
          className="absolute top-0 right-0 size-2.5 rounded-full bg-primary ring-2 ring-bg"
        />
      )}
    </span>
  );
}
