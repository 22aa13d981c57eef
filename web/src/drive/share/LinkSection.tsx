import { useState, type FormEvent } from 'react';
import { Link2 } from 'lucide-react';
import type { FileEntry, SaveShareableLinkBody } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useSaveShareableLink, useShareableLink } from '../../api/shares.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { inputClasses, TextField } from '../../ui/TextField.tsx';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard.ts';
import { isFolder } from '../file-types.ts';
import { dayOf, expiryOf, linkAddress, linkFlags } from './link-settings.ts';
import { LinkSwitch } from './LinkSwitch.tsx';

/** The first message of a 422 answer, for the field it names. */
const fieldError = (error: unknown, field: string) =>
  isApiError(error) && error.status === 422 ? (error.errors?.[field]?.[0] ?? error.message) : undefined;

/** The Share dialog's link section: on/off, copy with 'Copied!', password, expiry, download, editing, restricted. */
export function LinkSection({ entry }: { entry: FileEntry }) {
  const { trans } = useTrans();
  const { data: link, isPending } = useShareableLink(entry.id);
  const save = useSaveShareableLink(entry.id);
  const { copy, isCopied } = useCopyToClipboard();
  const [password, setPassword] = useState('');
  const [isPasswordOn, setPasswordOn] = useState<boolean | null>(null);
  const [isExpiryOn, setExpiryOn] = useState<boolean | null>(null);
  const flags = linkFlags(link);
  const isOn = !!link?.enabled;
  const update = (body: SaveShareableLinkBody) => save.mutate({ kind: 'update', body });
  const toggle = (on: boolean) => {
    if (on && !link) save.mutate({ kind: 'create', body: {} });
    else update({ enabled: on });
  };
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    save.mutate({ kind: 'update', body: { password } }, { onSuccess: () => setPassword('') });
  };
  const passwordShown = isPasswordOn ?? !!link?.has_password;
  const expiryShown = isExpiryOn ?? !!link?.expires_at;
  const address = link ? linkAddress(link, window.location.origin) : '';

  return (
    <section aria-labelledby="share-link-title" className="flex flex-col gap-3" data-testid="link-section">
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-bg-alt text-fg-muted">
          <Link2 size={18} aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id="share-link-title" className="text-sm font-medium text-fg">
            {trans('Shareable link')}
          </h3>
          <p className="text-xs text-fg-muted">
            {!isOn
              ? trans('Only people with access can open it')
              : flags.restricted
                ? trans('Logged-in people with the link can open it')
                : trans('Anyone with the link can open it')}
          </p>
        </div>
        <LinkSwitch isSelected={isOn} onChange={toggle} isDisabled={isPending || save.isPending}>
          <span className="sr-only">{trans('Share via link')}</span>
        </LinkSwitch>
      </div>
      {isOn && link && (
        <>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={address}
              aria-label={trans('Link')}
              data-testid="link-address"
              onFocus={(e) => e.target.select()}
              className={`${inputClasses} bg-bg-alt`}
            />
            <Button variant="secondary" className="shrink-0" onPress={() => void copy(address)}>
              {isCopied ? trans('Copied!') : trans('Copy link')}
            </Button>
          </div>
          <div className="flex flex-col gap-3 rounded-kosh border border-divider p-4">
            <Checkbox
              isSelected={passwordShown}
              onChange={(on) => {
                setPasswordOn(on);
                if (!on && link.has_password) update({ password: null });
              }}
            >
              {trans('Password')}
            </Checkbox>
            {passwordShown && (
              <form onSubmit={submitPassword} className="flex items-start gap-2 sm:pl-8">
                <TextField
                  className="min-w-0 flex-1"
                  label={<span className="sr-only">{trans('Link password')}</span>}
                  type="password"
                  revealable
                  value={password}
                  onChange={setPassword}
                  placeholder={link.has_password ? trans('Enter a new password') : trans('Enter a password')}
                  description={link.has_password ? trans('This link is password protected') : undefined}
                  errorMessage={fieldError(save.error, 'password')}
                  autoComplete="new-password"
                />
                <Button type="submit" variant="secondary" size="lg" className="mt-1 shrink-0" isDisabled={!password}>
                  {trans('Save')}
                </Button>
              </form>
            )}
            <Checkbox
              isSelected={expiryShown}
              onChange={(on) => {
                setExpiryOn(on);
                if (!on && link.expires_at) update({ expires_at: null });
              }}
            >
              {trans('Expiry date')}
            </Checkbox>
            {expiryShown && (
              <div className="flex flex-col gap-1 sm:pl-8">
                <input
                  type="date"
                  aria-label={trans('Link expires on')}
                  defaultValue={dayOf(link.expires_at)}
                  min={dayOf(new Date().toISOString())}
                  onChange={(e) => {
                    // A date typed digit by digit passes through past years: only a future day is saved.
                    const at = expiryOf(e.target.value);
                    if (at && Date.parse(at) > Date.now()) update({ expires_at: at });
                  }}
                  className={`${inputClasses} max-w-[220px]`}
                />
                {fieldError(save.error, 'expires_at') && (
                  <p className="text-xs text-danger">{fieldError(save.error, 'expires_at')}</p>
                )}
              </div>
            )}
            <Checkbox isSelected={flags.allow_download} onChange={(on) => update({ allow_download: on })}>
              {trans('Allow download')}
            </Checkbox>
            {isFolder(entry) && (
              <Checkbox isSelected={flags.allow_edit} onChange={(on) => update({ allow_edit: on })}>
                {trans('Allow editing')}
              </Checkbox>
            )}
            <Checkbox isSelected={flags.restricted} onChange={(on) => update({ restricted: on })}>
              <span>
                {trans('Restricted')}
                <span className="block text-xs text-fg-muted">{trans('Only logged-in people can open the link')}</span>
              </span>
            </Checkbox>
          </div>
        </>
      )}
    </section>
  );
}
