import { useQuery } from '@tanstack/react-query';
import type { FileEntry } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { ApiError } from '../../api/api-error.ts';
import { fileUrl } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

/** Text and code show their first 512 KB (one Range request), enough to read without freezing the tab. */
export const TEXT_PREVIEW_BYTES = 512 * 1024;

export function TextPreview({ entry }: { entry: FileEntry }) {
  const { trans } = useTrans();
  const { data, isPending, isError } = useQuery({
    queryKey: ['drive', 'text-preview', entry.hash, entry.updated_at],
    queryFn: async ({ signal }) => {
      const response = await fetch(fileUrl(entry, true), {
        headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
        credentials: 'include',
        signal,
      });
      if (!response.ok) throw new ApiError(response.status, undefined);
      return new TextDecoder().decode(await response.arrayBuffer());
    },
    staleTime: Infinity,
    meta: { handledStatuses: 'all' },
  });
  return (
    <div
      className="flex h-full w-full max-w-[960px] flex-col overflow-hidden rounded-kosh bg-bg text-fg shadow-xl"
      data-testid="preview-content"
      data-preview-kind="text"
    >
      {entry.file_size > TEXT_PREVIEW_BYTES && (
        <div className="shrink-0 border-b border-divider bg-bg-alt px-4 py-2 text-xs text-fg-muted">
          {trans('Showing the first :size', { size: formatBytes(TEXT_PREVIEW_BYTES) })}
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto p-4">
        {isPending && <p className="text-sm text-fg-muted">{trans('Loading...')}</p>}
        {isError && <p className="text-sm text-danger">{trans('This file could not be loaded.')}</p>}
        {data !== undefined && (
          <pre className="font-mono text-[13px] leading-5 break-words whitespace-pre-wrap">{data}</pre>
        )}
      </div>
    </div>
  );
}
