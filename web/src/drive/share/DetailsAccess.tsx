import type { FileEntry } from '@kosh/contracts';
import { useEntryShares } from '../../api/shares.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { PERMISSION_LABELS } from './PermissionMenu.tsx';

type Person = { key: string | number; name: string; email: string; image: string | null; role: string };

function Row({ person }: { person: Person }) {
  return (
    <li className="flex items-center gap-3 py-1.5" data-testid="access-person">
      <Avatar user={person} size={28} />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm text-fg" title={person.email}>
          {person.name}
        </div>
      </div>
      <span className="shrink-0 text-xs text-fg-muted">{person.role}</span>
    </li>
  );
}

/**
 * The details panel's "Who has access": the owner sees everyone (with Manage access); a recipient
 * sees the owner and their own permission.
 */
export function DetailsAccess({ entry, onManage }: { entry: FileEntry; onManage?: () => void }) {
  const { trans } = useTrans();
  const isOwn = !entry.permission;
  const access = useEntryShares(isOwn && !entry.deleted_at ? entry.id : null);
  let people: Person[] = [];
  if (!isOwn && entry.owner) {
    people = [{ key: 'owner', ...entry.owner, role: trans('Owner') }];
  } else if (access.data) {
    people = [
      { key: 'owner', ...access.data.owner, role: trans('Owner') },
      ...access.data.people.map((p) => ({
        key: p.id,
        name: p.name,
        email: p.email,
        image: p.image,
        role: p.status === 'invited' ? trans('Invitation sent') : trans(PERMISSION_LABELS[p.permission]),
      })),
    ];
  }
  if (!people.length) return null;
  return (
    <section
      aria-labelledby="details-access-title"
      className="mt-4 border-t border-divider pt-4"
      data-testid="details-access"
    >
      <h3 id="details-access-title" className="mb-1 text-xs text-fg-muted">
        {trans('Who has access')}
      </h3>
      <ul>
        {people.map((person) => (
          <Row key={person.key} person={person} />
        ))}
      </ul>
      {!isOwn && entry.permission && (
        <p className="mt-1 text-xs text-fg-muted">
          {trans('You: :permission', { permission: trans(PERMISSION_LABELS[entry.permission]) })}
        </p>
      )}
      {isOwn && onManage && (
        <Button variant="secondary" size="sm" className="mt-2" onPress={onManage}>
          {trans('Manage access')}
        </Button>
      )}
    </section>
  );
}
