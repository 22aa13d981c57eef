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

type Props = { entry: FileEntry; onClose: () => void };

/** The Share dialog: people with access and their permissions, add people by email, and the shareable link. */
export function ShareDialog({ entry, onClose }: Props) {
  const { trans } = useTrans();
  const userId = useBootstrapData().user?.id ?? null;
  const access = useEntryShares(entry.id);
  const share = useShareEntries();
  const [chips, setChips] = useState<string[]>([]);
  const [permission, setPermission] = useState<SharePermission>('view');
  const [error, setError] = useState<string | undefined>();

  const send = () => {
    const invalid = chips.filter((c) => !isEmail(c));
    if (invalid.length) return setError(trans('Not a valid email address: :email', { email: invalid.join(', ') }));
    setError(undefined);
    share.mutate(
      { entryIds: [entry.id], emails: chips, permission },
      {
        onSuccess: ({ results }) => {
          const refused = results.filter((r) => !r.ok);
          setChips(refused.map((r) => r.email));
          if (refused.length) setError(refused.map((r) => `${r.email}: ${r.message ?? trans('Not shared')}`).join(' '));
          const done = results.length - refused.length;
          if (done) toast.positive(done === 1 ? trans('Shared with 1 person') : trans('Shared with :count people', { count: done }));
        },
        onError: (e) => setError(isApiError(e) ? e.displayMessage : undefined),
      },
    );
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<span className="block truncate">{trans('Share ":name"', { name: entry.name })}</span>}
      actions={<Button onPress={onClose}>{trans('Done')}</Button>}
    >
      <div className="flex flex-col gap-5" data-testid="share-dialog">
        <div className="flex flex-col gap-2">
          <div className="flex items-start gap-2">
            <EmailChipsField chips={chips} onChange={(next) => (setChips(next), setError(undefined))} errorMessage={error} autoFocus />
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
        <section aria-labelledby="share-people-title">
          <h3 id="share-people-title" className="mb-1 text-sm font-medium text-fg">
            {trans('People with access')}
          </h3>
          {access.data ? <PeopleList entryId={entry.id} access={access.data} userId={userId} /> : <Spinner />}
        </section>
        <div className="border-t border-divider" />
        <LinkSection entry={entry} />
      </div>
    </Dialog>
  );
}
