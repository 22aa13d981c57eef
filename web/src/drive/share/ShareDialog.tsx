import { useState } from 'react';
import type { FileEntry, SharePermission } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useEntryShares, useShareEntries } from '../../api/shares.api.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { isEmail } from './email-chips.ts';
import { EmailChipsField } from './EmailChipsField.tsx';
import { LinkSection } from './LinkSection.tsx';
import { PeopleList } from './PeopleList.tsx';
import { PermissionMenu } from './PermissionMenu.tsx';

type Props = { entries: FileEntry[]; onClose: () => void };

/**
 * The Share dialog: people with access and their permissions, add people by email, and the
 * shareable link. Several entries share with the same people at once; who has access and the
 * link belong to one entry, so they show only when one is shared.
 */
export function ShareDialog({ entries, onClose }: Props) {
  const { trans } = useTrans();
  const userId = useBootstrapData().user?.id ?? null;
  const entry = entries[0];
  const single = entries.length === 1;
  const access = useEntryShares(single ? entry.id : null);
  const share = useShareEntries();
  const [chips, setChips] = useState<string[]>([]);
  const [permission, setPermission] = useState<SharePermission>('view');
  const [error, setError] = useState<string | undefined>();

  const send = () => {
    const invalid = chips.filter((c) => !isEmail(c));
    if (invalid.length) return setError(trans('Not a valid email address: :email', { email: invalid.join(', ') }));
    setError(undefined);
    share.mutate(
      { entryIds: entries.map((e) => e.id), emails: chips, permission },
      {
        onSuccess: ({ results }) => {
          const refused = results.filter((r) => !r.ok);
          setChips(refused.map((r) => r.email));
          if (refused.length) setError(refused.map((r) => `${r.email}: ${r.message ?? trans('Not shared')}`).join(' '));
          const done = results.length - refused.length;
          if (done)
            toast.positive(
              done === 1 ? trans('Shared with 1 person') : trans('Shared with :count people', { count: done }),
            );
        },
        onError: (e) => setError(isApiError(e) ? e.displayMessage : undefined),
      },
    );
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={
        <span className="block truncate">
          {single
            ? trans('Share ":name"', { name: entry.name })
            : trans('Share :count items', { count: entries.length })}
        </span>
      }
      actions={<Button onPress={onClose}>{trans('Done')}</Button>}
    >
      <div className="flex flex-col gap-5" data-testid="share-dialog">
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <EmailChipsField
              chips={chips}
              onChange={(next) => {
                setChips(next);
                setError(undefined);
              }}
              errorMessage={error}
              autoFocus
            />
            <PermissionMenu label={trans('Permission for new people')} value={permission} onChange={setPermission} />
          </div>
          {chips.length > 0 && (
            <div className="flex justify-end">
              <Button onPress={send} isDisabled={share.isPending}>
                {trans('Share')}
              </Button>
            </div>
          )}
        </div>
        {single && (
          <>
            <section aria-labelledby="share-people-title">
              <h3 id="share-people-title" className="mb-1 text-sm font-medium text-fg">
                {trans('People with access')}
              </h3>
              {access.data ? <PeopleList entryId={entry.id} access={access.data} userId={userId} /> : <Spinner />}
            </section>
            <div className="border-t border-divider" />
            <LinkSection entry={entry} />
          </>
        )}
      </div>
    </Dialog>
  );
}
