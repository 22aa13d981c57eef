import type { EntrySharesResponse, SharePerson } from '@kosh/contracts';
import { useRemoveShare, useUpdateShare } from '../../api/shares.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { PermissionMenu } from './PermissionMenu.tsx';

function Person({
  name,
  label = name,
  email,
  image,
  note,
  children,
}: {
  name: string;
  label?: string;
  email: string;
  image: string | null;
  note?: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex min-h-14 items-center gap-3 py-1" data-testid="share-person" data-email={email}>
      <Avatar user={{ name, email, image }} size={36} />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-medium text-fg" title={label}>
          {label}
        </div>
        <div className="truncate text-xs text-fg-muted" title={email}>
          {note ? `${email} · ${note}` : email}
        </div>
      </div>
      {children}
    </li>
  );
}

type Props = { entryId: number; access: EntrySharesResponse; userId: number | null };

/** People with access: the owner first, then each person with a permission select and remove. */
export function PeopleList({ entryId, access, userId }: Props) {
  const { trans } = useTrans();
  const update = useUpdateShare(entryId);
  const remove = useRemoveShare(entryId);
  const { owner } = access;
  // A share on a folder above covers this entry too: it is changed on that folder.
  const own = (p: SharePerson) => p.entry_id === entryId;
  return (
    <ul aria-label={trans('People with access')} className="flex flex-col">
      <Person
        name={owner.name}
        label={owner.id === userId ? trans(':name (you)', { name: owner.name }) : owner.name}
        email={owner.email}
        image={owner.image}
      >
        <span className="shrink-0 px-2 text-sm text-fg-muted">{trans('Owner')}</span>
      </Person>
      {access.people.map((person) => (
        <Person
          key={person.id}
          name={person.name}
          email={person.email}
          image={person.image}
          note={
            person.status === 'invited'
              ? trans('Invitation sent')
              : own(person)
                ? undefined
                : trans('Access from a folder above')
          }
        >
          {own(person) ? (
            <PermissionMenu
              label={trans('Permission of :name', { name: person.name })}
              value={person.permission}
              onChange={(permission) => update.mutate({ shareId: person.id, permission })}
              onRemove={() => remove.mutate(person.id)}
            />
          ) : (
            <span className="shrink-0 px-2 text-sm text-fg-muted">
              {trans(
                person.permission === 'view'
                  ? 'Can view'
                  : person.permission === 'download'
                    ? 'Can download'
                    : 'Can edit',
              )}
            </span>
          )}
        </Person>
      ))}
    </ul>
  );
}
