import { useCallback, useRef, type ReactNode } from 'react';
import { LOCALIZATION_FILE_MAX_BYTES } from '@kosh/contracts/localization-constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useUploadLines } from './localizations.api.ts';

/**
 * Upload of a JSON file of lines (a download, edited): a hidden file input and `pick` to open it.
 * The file is merged over the lines: its keys are set, the others stay.
 */
export function useLinesUpload(): { input: ReactNode; pick: (id: number) => void; isPending: boolean } {
  const { trans } = useTrans();
  const inputRef = useRef<HTMLInputElement>(null);
  const target = useRef<number | null>(null);
  const upload = useUploadLines();
  const handleFile = (file: File | undefined) => {
    const id = target.current;
    if (!file || id === null) return;
    if (file.size > LOCALIZATION_FILE_MAX_BYTES) {
      toast.danger(trans('The file may not be greater than :size MB.', { size: 2 }));
      return;
    }
    upload.mutate(
      { id, file },
      {
        onSuccess: ({ set, removed }) =>
          toast.positive(trans('Merged :file: :set lines set, :removed removed', { file: file.name, set, removed })),
      },
    );
  };
  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="application/json,.json"
      className="hidden"
      aria-hidden
      tabIndex={-1}
      data-testid="lines-file-input"
      onChange={(event) => {
        handleFile(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
  const pick = useCallback((id: number) => {
    target.current = id;
    inputRef.current?.click();
  }, []);
  return { input, isPending: upload.isPending, pick };
}
