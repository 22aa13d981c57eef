import { useCallback } from 'react';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

/**
 * The landing setting and a translator for its texts: a text is an English line, so trans()
 * shows the visitor's language while the text keeps its default; `:siteName` is filled in.
 */
export function useLanding() {
  const { landing, branding } = useSettings();
  const { trans } = useTrans();
  const t = useCallback((line: string) => trans(line, { siteName: branding.site_name }), [trans, branding.site_name]);
  return { landing, t };
}
