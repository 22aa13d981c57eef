import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_DURATION_MS } from '@kosh/contracts/constants';
import { trans } from '../shell/i18n/useTrans.tsx';

/**
 * Copies text; `isCopied` is true for 1000 ms so the caller can show 'Copied!'. When the
 * clipboard is refused it falls back to a prompt with the text selected (part 1, 8).
 */
export function useCopyToClipboard(): { copy: (text: string) => Promise<boolean>; isCopied: boolean } {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), COPIED_DURATION_MS);
      return true;
    } catch {
      window.prompt(trans('Copy to clipboard: Ctrl+C, Enter'), text);
      return false;
    }
  }, []);
  return { copy, isCopied };
}
