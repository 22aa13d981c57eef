import type { AdSlot } from '@kosh/contracts/ads';

type Props = { code: string; slot: AdSlot; title: string };

/**
 * A live preview of unsaved ad code: the server's empty ad frame (/ads/preview, under the ad policy)
 * filled with the code once it loads. Sandboxed with scripts only: an opaque origin, so the code
 * reaches neither this page nor its cookies. A new code loads a new frame, as a fresh page would.
 */
export function AdPreviewFrame({ code, slot, title }: Props) {
  return (
    <iframe
      key={code}
      src="/ads/preview"
      title={title}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      // The frame's origin is opaque: no target origin names it.
      onLoad={(event) => event.currentTarget.contentWindow?.postMessage(code, '*')}
      className="block h-[90px] w-full max-w-[728px] rounded-kosh border border-dashed border-divider"
      data-ad-preview={slot}
    />
  );
}
