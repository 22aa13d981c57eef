import { FileSpreadsheet, UserPlus, Users, type LucideIcon } from 'lucide-react';

/** The icon keys data.image may hold (part 1, 3); anything else is an image URL. */
const ICONS: Record<string, LucideIcon> = { 'group-add': UserPlus, people: Users, 'export-csv': FileSpreadsheet };

export const iconOf = (key: string | undefined): LucideIcon | undefined => (key ? ICONS[key] : undefined);

/** The 40 px leading column of a row: icon, image, or the unread dot when there is no image (part 1, 2.6). */
export function NotificationImage({ image, isUnread }: { image?: string; isUnread: boolean }) {
  const Icon = iconOf(image);
  if (Icon) {
    return (
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-chip text-primary"
        aria-hidden
      >
        <Icon size={20} />
      </span>
    );
  }
  if (image) return <img src={image} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center" aria-hidden>
      {isUnread && <span data-testid="unread-dot" className="size-2.5 rounded-full bg-primary" />}
    </span>
  );
}
