import { useEffect, useState } from 'react';
import { AD_SNIPPET_MAX_BYTES, type AdSlot } from '@kosh/contracts/ads';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { SettingField } from '../settings/fields/SettingField.tsx';
import { useSetting } from '../settings/SettingsFormContext.ts';
import { AdPlacementSketch } from './AdPlacementSketch.tsx';
import { AdPreviewFrame } from './AdPreviewFrame.tsx';
import { adSlotsOf, slotError } from './ad-slots.ts';

/** How long typing pauses before the preview frame reloads with the new code. */
const PREVIEW_DELAY_MS = 300;

/** A value that follows `value` once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = { slot: AdSlot; title: string; where: string };

/**
 * One ad slot: its code (monospace), a sketch of the page with the slot marked, and a live preview
 * of the unsaved code, run as the slot runs it.
 */
export function AdSlotEditor({ slot, title, where }: Props) {
  const { trans } = useTrans();
  const setting = useSetting<unknown>('ads.slots');
  const slots = adSlotsOf(setting.value);
  const code = slots[slot];
  const preview = useSettled(code, PREVIEW_DELAY_MS);
  const error = slotError(setting.error, slot);
  return (
    <SettingField name={`ads.slots.${slot}`} error={error}>
      <section
        aria-label={trans(title)}
        className="flex flex-col gap-4 rounded-kosh-lg border border-divider bg-bg p-4 md:p-6"
      >
        <div className="flex flex-col gap-4 md:flex-row md:items-start">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 className="text-base font-medium text-fg">{trans(title)}</h2>
            <p className="text-sm text-fg-muted">{trans(where)}</p>
          </div>
          <figure className="flex shrink-0 flex-col gap-1">
            <AdPlacementSketch slot={slot} />
            <figcaption className="text-xs text-fg-muted">{trans('Where it appears')}</figcaption>
          </figure>
        </div>
        <TextArea
          label={trans('Ad code')}
          value={code}
          onChange={(next) => setting.set({ ...slots, [slot]: next })}
          isDisabled={setting.isLocked}
          rows={6}
          spellCheck="false"
          placeholder={'<script async src="https://ads.example.com/ad.js"></script>'}
          description={trans('HTML from your ad network, up to :size KB. Empty: no ad here.', {
            size: String(AD_SNIPPET_MAX_BYTES / 1024),
          })}
          errorMessage={error}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
        />
        {preview.trim() !== '' && (
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-fg">{trans('Preview')}</span>
            <AdPreviewFrame
              code={preview}
              slot={slot}
              title={trans('Preview of the ad: :place', { place: trans(title) })}
            />
            <p className="text-xs text-fg-muted">
              {trans('The code runs here as on the site: in a closed frame that reaches nothing of the page.')}
            </p>
          </div>
        )}
      </section>
    </SettingField>
  );
}
