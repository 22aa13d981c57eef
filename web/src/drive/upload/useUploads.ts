import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterUpload } from '../../api/drive-mutations.api.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { PlainUploader, type UploadItem } from './plain-uploader.ts';
import { xhrTransport } from './xhr-transport.ts';

/** Listings refresh at most this often while a batch uploads, and once when it ends. */
const REFRESH_EVERY_MS = 1000;

/** The plain upload queue of the drive layout (replaced by the resumable queue later). */
export function useUploads() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [uploader] = useState(
    () =>
      new PlainUploader(xhrTransport, {
        onFinished: (item: UploadItem) => {
          if (item.status === 'failed' && item.errorMessage) toast.danger(item.errorMessage);
          if (item.status !== 'completed' || timer.current) return;
          timer.current = setTimeout(() => {
            timer.current = null;
            refreshAfterUpload(qc);
          }, REFRESH_EVERY_MS);
        },
      }),
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const items = useSyncExternalStore(uploader.subscribe, uploader.getItems);
  return useMemo(() => ({ uploader, items }), [uploader, items]);
}
