import { forwardRef } from 'react';
import clsx from 'clsx';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Select } from '../../ui/Select.tsx';
import type { PreviewPage } from './editor-context.ts';

export type PreviewDevice = 'desktop' | 'tablet' | 'phone';

/** The frame's width per device: the desktop fills the space, the others are the common widths. */
export const DEVICE_WIDTHS: Record<PreviewDevice, number | null> = { desktop: null, tablet: 768, phone: 375 };

export const PREVIEW_PAGES: ReadonlyArray<{ id: PreviewPage; label: string }> = [
  { id: 'landing', label: 'Landing page' },
  { id: 'drive', label: 'Drive' },
  { id: 'link', label: 'Shared link page' },
  { id: 'login', label: 'Login' },
  { id: 'pricing', label: 'Pricing' },
];

/** The address a preview page shows; the link page uses a link of the admin's own. */
export function previewPath(page: PreviewPage, linkPath: string): string {
  switch (page) {
    case 'drive':
      return '/drive';
    case 'link':
      return linkPath;
    case 'login':
      return '/login';
    case 'pricing':
      return '/pricing';
    default:
      return '/';
  }
}

type Props = {
  src: string;
  page: PreviewPage;
  onPageChange: (page: PreviewPage) => void;
  device: PreviewDevice;
  onDeviceChange: (device: PreviewDevice) => void;
};

const devices: ReadonlyArray<{ id: PreviewDevice; label: string; Icon: typeof Monitor }> = [
  { id: 'desktop', label: 'Desktop', Icon: Monitor },
  { id: 'tablet', label: 'Tablet', Icon: Tablet },
  { id: 'phone', label: 'Phone', Icon: Smartphone },
];

/** The site, same origin, in a frame the editor drives with postMessage; a page picker and device widths above. */
export const PreviewFrame = forwardRef<HTMLIFrameElement, Props>(function PreviewFrame(
  { src, page, onPageChange, device, onDeviceChange },
  ref,
) {
  const { trans } = useTrans();
  const width = DEVICE_WIDTHS[device];
  return (
    <section aria-label={trans('Preview')} className="flex min-h-[560px] min-w-0 flex-1 flex-col bg-bg-alt">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-divider bg-bg px-4 py-2">
        <Select
          label={trans('Preview page')}
          className="w-56"
          options={PREVIEW_PAGES.map((p) => ({ id: p.id, label: trans(p.label) }))}
          value={page}
          onChange={(value) => value && onPageChange(value as PreviewPage)}
        />
        <ToggleButtonGroup
          aria-label={trans('Device')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[device]}
          onSelectionChange={(keys) => {
            const [next] = [...keys];
            if (next) onDeviceChange(next as PreviewDevice);
          }}
          className="flex h-10 items-center gap-1 rounded-kosh border border-divider p-0.5"
        >
          {devices.map(({ id, label, Icon }) => (
            <ToggleButton
              key={id}
              id={id}
              aria-label={trans(label)}
              className={clsx(
                'inline-flex size-8 items-center justify-center rounded-[6px] text-fg-muted outline-none',
                'hover:bg-bg-alt data-[selected]:bg-bg-chip data-[selected]:text-fg',
                focusRing,
              )}
            >
              <Icon size={18} aria-hidden />
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      <div className="flex min-h-0 flex-1 justify-center overflow-auto p-0 md:p-4">
        <iframe
          ref={ref}
          src={src}
          title={trans('Site preview')}
          data-testid="appearance-preview"
          style={width ? { width, maxWidth: '100%' } : undefined}
          className={clsx(
            'h-full min-h-[520px] border-0 bg-bg',
            width ? 'shadow-md md:rounded-kosh' : 'w-full md:rounded-kosh md:shadow-sm',
          )}
        />
      </div>
    </section>
  );
});
