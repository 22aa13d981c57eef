import { ArrowLeft, Download, SearchX, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import { buttonClasses, iconButtonClasses } from '../../ui/button-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { localizationDownloadUrl } from './localizations.api.ts';

const backLink = (label: string, isCompact = false) => (
  <Link
    to="/admin/localizations"
    aria-label={isCompact ? label : undefined}
    className={isCompact ? iconButtonClasses('md') : buttonClasses('text', 'md')}
  >
    <ArrowLeft size={18} aria-hidden />
    {!isCompact && label}
  </Link>
);

/** Back, Download and Upload; on a phone as icon buttons, so the three fit beside each other. */
export function PageActions({ id, onUpload, isUploading }: { id: number; onUpload: () => void; isUploading: boolean }) {
  const { trans } = useTrans();
  const isCompact = useIsMobile();
  const download = trans('Download');
  return (
    <>
      {backLink(trans('Localizations'), isCompact)}
      <a
        href={localizationDownloadUrl(id)}
        download
        aria-label={isCompact ? download : undefined}
        className={isCompact ? iconButtonClasses('md') : buttonClasses('secondary', 'md')}
      >
        <Download size={18} aria-hidden />
        {!isCompact && download}
      </a>
      {isCompact ? (
        <IconButton label={trans('Upload')} onPress={onUpload} isDisabled={isUploading}>
          <Upload size={18} aria-hidden />
        </IconButton>
      ) : (
        <Button
          variant="secondary"
          onPress={onUpload}
          isPending={isUploading}
          startIcon={<Upload size={18} aria-hidden />}
        >
          {trans('Upload')}
        </Button>
      )}
    </>
  );
}

/** The page while the lines load, or when the localization is gone. */
export function TranslateFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { trans } = useTrans();
  const isMissing = isApiError(error) && error.status === 404;
  return (
    <AdminPage title={trans('Translate')} actions={backLink(trans('Localizations'))}>
      <div className="flex flex-col items-center gap-2 py-16 text-center">
        {isMissing ? (
          <>
            <SearchX size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
            <p className="text-xl font-medium text-fg">{trans('This localization does not exist')}</p>
            <p className="text-sm text-fg-muted">{trans('It may have been deleted.')}</p>
          </>
        ) : error ? (
          <Button onPress={onRetry}>{trans('Try again')}</Button>
        ) : (
          <Spinner />
        )}
      </div>
    </AdminPage>
  );
}
