import { useEffect, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { FileEntry } from '@kosh/contracts';
import { downloadUrl, fileUrl } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { FileIcon } from '../file-view/FileIcon.tsx';
import { previewKindOf } from '../file-types.ts';
import { TextPreview } from './TextPreview.tsx';

const onDark = clsx(
  'inline-flex shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15',
  focusRing,
);

function Content({ entry, onDownload }: { entry: FileEntry; onDownload?: () => void }) {
  const { trans } = useTrans();
  const kind = previewKindOf(entry);
  const src = fileUrl(entry, true);
  const tag = { 'data-testid': 'preview-content', 'data-preview-kind': kind };
  switch (kind) {
    case 'image':
      return <img {...tag} src={src} alt={entry.name} className="max-h-full max-w-full object-contain" />;
    case 'video':
      return <video {...tag} src={src} controls autoPlay={false} className="max-h-full max-w-full" />;
    case 'audio':
      return (
        <div
          {...tag}
          className="flex w-full max-w-[480px] flex-col items-center gap-6 rounded-kosh-lg bg-bg p-8 shadow-xl"
        >
          <FileIcon type="audio" size={64} />
          {/* biome-ignore lint/a11y/useMediaCaption: a user's own file, which comes with no caption track */}
          <audio src={src} controls className="w-full" />
        </div>
      );
    case 'pdf':
      return (
        <iframe {...tag} src={src} title={entry.name} className="h-full w-full max-w-[1000px] rounded-kosh bg-bg" />
      );
    case 'text':
      return <TextPreview entry={entry} />;
    default:
      return (
        <div
          {...tag}
          className={clsx(
            'flex w-full max-w-[400px] flex-col items-center gap-3',
            'rounded-kosh-lg bg-bg p-8 text-center shadow-xl',
          )}
        >
          <FileIcon type={entry.type} size={64} />
          <p className="w-full truncate text-base font-medium text-fg">{entry.name}</p>
          <p className="text-sm text-fg-muted">{trans('No preview available')}</p>
          {onDownload && (
            <Button className="mt-2" startIcon={<Download size={18} aria-hidden />} onPress={onDownload}>
              {trans('Download')}
            </Button>
          )}
        </div>
      );
  }
}

type Props = {
  files: FileEntry[];
  startId: number;
  onClose: () => void;
  onDownload: (entries: FileEntry[]) => void;
  /** Whether a file may be downloaded (a view-only share, a link without downloads: no). */
  canDownload?: (entry: FileEntry) => boolean;
};

/**
 * Full-screen previewer: images, video, audio, PDF (the browser's viewer), text; next and previous
 * among the listing's files.
 */
export function Previewer({
  files,
  startId,
  onClose,
  onDownload,
  canDownload = (entry) => entry.permission !== 'view',
}: Props) {
  const { trans } = useTrans();
  const [id, setId] = useState(startId);
  useEffect(() => setId(startId), [startId]);
  const index = files.findIndex((f) => f.id === id);
  const entry = files[index];
  useEffect(() => {
    if (!entry) onClose();
  }, [entry, onClose]);
  if (!entry) return null;
  const go = (delta: number) => files[index + delta] && setId(files[index + delta].id);
  // In the capture phase, before a focused video or audio element seeks with the same keys;
  // Space and the other keys still reach the player. Text fields keep their arrows.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (!delta || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if ((event.target as HTMLElement).closest('input,textarea,[contenteditable="true"]')) return;
    event.preventDefault();
    event.stopPropagation();
    go(delta);
  };
  return (
    <ModalOverlay
      isOpen
      isDismissable={false}
      data-testid="preview-overlay"
      onOpenChange={(open) => !open && onClose()}
      // Opaque and above the navbar, upload panel, bottom sheets and dialogs (z-50); toasts (z-[60])
      // stay above so what the previewer starts (a download) still tells how it went.
      className="fixed inset-0 z-[55] bg-black data-[entering]:animate-fade-in"
    >
      <Modal className="h-full w-full outline-none">
        <AriaDialog aria-label={entry.name} className="h-full outline-none" data-testid="previewer">
          <div className="flex h-full flex-col" onKeyDownCapture={onKeyDownCapture}>
            <div className="flex h-16 shrink-0 items-center gap-3 px-2 text-white sm:px-4">
              <button type="button" aria-label={trans('Close')} onClick={onClose} className={`${onDark} size-10`}>
                <X size={22} aria-hidden />
              </button>
              <FileIcon type={entry.type} className="text-white" />
              <Heading slot="title" className="min-w-0 flex-1 truncate text-base font-medium" title={entry.name}>
                {entry.name}
              </Heading>
              <span className="hidden text-sm text-white/80 sm:inline">
                {trans(':index of :count', { index: index + 1, count: files.length })}
              </span>
              {canDownload(entry) && (
                <a href={downloadUrl([entry])} download aria-label={trans('Download')} className={`${onDark} size-10`}>
                  <Download size={20} aria-hidden />
                </a>
              )}
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-4 sm:px-20">
              <Content
                key={entry.id}
                entry={entry}
                onDownload={canDownload(entry) ? () => onDownload([entry]) : undefined}
              />
              {index > 0 && (
                <button
                  type="button"
                  aria-label={trans('Previous')}
                  onClick={() => go(-1)}
                  className={`${onDark} absolute left-2 size-12 bg-black/50 sm:left-4`}
                >
                  <ChevronLeft size={28} aria-hidden />
                </button>
              )}
              {index < files.length - 1 && (
                <button
                  type="button"
                  aria-label={trans('Next')}
                  onClick={() => go(1)}
                  className={`${onDark} absolute right-2 size-12 bg-black/50 sm:right-4`}
                >
                  <ChevronRight size={28} aria-hidden />
                </button>
              )}
            </div>
          </div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
