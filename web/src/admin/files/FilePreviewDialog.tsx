import clsx from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { AdminFileRow } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { ApiError } from '../../api/api-error.ts';
import { FileIcon } from '../../drive/file-view/FileIcon.tsx';
import { previewKindOf } from '../../drive/file-types.ts';
import { TEXT_PREVIEW_BYTES } from '../../drive/preview/TextPreview.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { adminFileUrls } from './admin-files.api.ts';

/** The first 512 KB of a text file (one Range request), as the drive's own text preview reads it. */
function TextBody({ file }: { file: AdminFileRow }) {
  const { trans } = useTrans();
  const text = useQuery({
    queryKey: ['admin', 'files', 'text', file.id, file.updated_at],
    queryFn: async ({ signal }) => {
      const response = await fetch(adminFileUrls(file).preview, {
        headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
        credentials: 'include',
        signal,
      });
      if (!response.ok) throw new ApiError(response.status, undefined);
      return new TextDecoder().decode(await response.arrayBuffer());
    },
    meta: { handledStatuses: 'all' },
  });
  if (text.isError) return <p className="text-sm text-danger">{trans('This file could not be loaded.')}</p>;
  if (text.data === undefined) return <p className="text-sm text-fg-muted">{trans('Loading...')}</p>;
  return (
    <pre
      className={clsx(
        'max-h-[60dvh] overflow-auto rounded-kosh bg-bg-alt p-4',
        'font-mono text-[13px] leading-5 break-words whitespace-pre-wrap',
      )}
    >
      {text.data}
    </pre>
  );
}

function PreviewBody({ file }: { file: AdminFileRow }) {
  const { trans } = useTrans();
  const src = adminFileUrls(file).preview;
  const kind = previewKindOf(file);
  const tag = { 'data-testid': 'admin-preview', 'data-preview-kind': kind };
  switch (kind) {
    case 'image':
      return (
        <div {...tag} className="flex justify-center rounded-kosh bg-bg-alt">
          <img src={src} alt={file.name} className="max-h-[60dvh] max-w-full object-contain" />
        </div>
      );
    case 'video':
      return <video {...tag} src={src} controls className="max-h-[60dvh] w-full rounded-kosh bg-black" />;
    case 'audio':
      return <audio {...tag} src={src} controls className="w-full" />;
    case 'pdf':
      return (
        <iframe {...tag} src={src} title={file.name} className="h-[60dvh] w-full rounded-kosh border border-divider" />
      );
    case 'text':
      return (
        <div {...tag}>
          <TextBody file={file} />
        </div>
      );
    default:
      return (
        <div {...tag} className="flex flex-col items-center gap-3 py-8 text-center">
          <FileIcon type={file.type} size={64} />
          <p className="text-sm text-fg-muted">
            {file.type === 'folder' ? trans('Folders have no preview.') : trans('No preview available')}
          </p>
        </div>
      );
  }
}

/** A row's preview: the bytes shown as the browser can, its facts, and a download of the file. */
export function FilePreviewDialog({ file, onClose }: { file: AdminFileRow | null; onClose: () => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const isFile = !!file && file.type !== 'folder';
  return (
    <Dialog
      isOpen={!!file}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={<span className="block truncate">{file?.name}</span>}
      actions={
        <>
          <Button variant="text" onPress={onClose}>
            {trans('Close')}
          </Button>
          {isFile && (
            <a
              href={adminFileUrls(file).download}
              download
              className={clsx(
                'inline-flex h-9 items-center gap-2 rounded-kosh bg-primary px-4',
                'text-sm font-medium text-on-primary',
                focusRing,
              )}
            >
              <Download size={18} aria-hidden />
              {trans('Download')}
            </a>
          )}
        </>
      }
    >
      {file && (
        <div className="flex flex-col gap-4">
          <PreviewBody file={file} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-fg-muted">{trans('Owner')}</dt>
            <dd className="truncate">{file.owner.email}</dd>
            {isFile && (
              <>
                <dt className="text-fg-muted">{trans('Size')}</dt>
                <dd>{formatBytes(file.file_size)}</dd>
              </>
            )}
            <dt className="text-fg-muted">{trans('Type')}</dt>
            <dd className="truncate">{file.mime ?? trans('Folder')}</dd>
            <dt className="text-fg-muted">{trans('Updated')}</dt>
            <dd>{formatMoment(file.updated_at, true)}</dd>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
