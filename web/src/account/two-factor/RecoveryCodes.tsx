import { useTrans } from '../../shell/i18n/useTrans.tsx';

/** The recovery codes with the advice to store them (part 1, 4). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-prose text-sm text-fg-muted">
        {trans(
          'Store these recovery codes in a secure password manager. They can be used to recover access to your ' +
            'account if your two factor authentication device is lost.',
        )}
      </p>
      <ul
        className="grid max-w-md gap-1 rounded-kosh bg-bg-alt px-4 py-3 font-mono text-sm text-fg sm:grid-cols-2"
        aria-label={trans('Recovery codes')}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="truncate">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}
