import { Check, Copy } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard.ts';

/** The SHA-256 the server computed over the stored bytes, so a download can be checked against it. */
export function ChecksumField({ sha256 }: { sha256: string }) {
  const { trans } = useTrans();
  const { copy, isCopied } = useCopyToClipboard();
  return (
    <div className="py-2">
      <dt className="text-xs text-fg-muted">SHA-256</dt>
      <dd className="mt-0.5 flex items-start gap-1">
        <code data-testid="details-sha256" className="min-w-0 flex-1 font-mono text-xs leading-5 break-all text-fg">
          {sha256}
        </code>
        <IconButton
          label={isCopied ? trans('Copied!') : trans('Copy SHA-256')}
          onPress={() => void copy(sha256)}
          className="-mt-2 shrink-0"
        >
          {isCopied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
        </IconButton>
      </dd>
    </div>
  );
}
