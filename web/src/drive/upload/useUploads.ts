import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterUpload } from '../../api/drive-mutations.api.ts';
import { getBootstrapData } from '../../shell/bootstrap-store.ts';
import { translate } from '../../shell/i18n/translate.ts';
import { browserTransports } from './transports.ts';
import { UploadQueue, type UploadItem } from './upload-queue.ts';
import { refuseUpload } from './upload-validation.ts';

/** Listings refresh at most this often while a batch uploads, and once when it ends. */
const REFRESH_EVERY_MS = 1000;

/** The upload queue of the drive layout: the queue lives as long as the layout. */
export function useUploads() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [uploader] = useState(() => {
    const settings = () => getBootstrapData().settings.uploads;
    return new UploadQueue({
      transports: browserTransports(settings),
      settings,
      refuse: (file, rules) => {
        const refusal = refuseUpload(file, rules);
        return refusal && translate(getBootstrapData().i18n.lines, refusal.message, refusal.values);
      },
      // A failure shows its message in the panel (part 2, 8: the toast is optional; it would
      // cover the panel on a phone).
      onFinished: (item: UploadItem) => {
        if (item.status !== 'completed' || timer.current) return;
        timer.current = setTimeout(() => {
          timer.current = null;
          refreshAfterUpload(qc);
        }, REFRESH_EVERY_MS);
      },
    });
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const items = useSyncExternalStore(uploader.subscribe, uploader.getItems);
  return useMemo(() => ({ uploader, items }), [uploader, items]);
}
