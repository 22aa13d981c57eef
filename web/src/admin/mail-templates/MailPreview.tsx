import clsx from 'clsx';
import type { MailTemplatePreview } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

type Props = { preview: MailTemplatePreview | undefined; isFetching: boolean };

/**
 * The mail as it would arrive, with the sample values: the subject, the HTML in a frame that may
 * run nothing and reach nothing (sandbox with no permission), and the plain-text version.
 */
export function MailPreview({ preview, isFetching }: Props) {
  const { trans } = useTrans();
  return (
    <section aria-labelledby="mail-preview" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="mail-preview" className="text-base font-medium text-fg">
          {trans('Preview')}
        </h2>
        <span className="text-xs text-fg-muted">{trans('with sample values')}</span>
        {isFetching && <Spinner size={16} />}
      </div>
      {preview ? (
        <>
          <p className="text-sm text-fg">
            <span className="text-fg-muted">{trans('Subject')}: </span>
            <span data-testid="preview-subject" className="font-medium break-words">
              {preview.subject}
            </span>
          </p>
          <div className="grid gap-3 xl:grid-cols-2">
            <figure className="flex min-w-0 flex-col gap-1">
              <figcaption className="text-xs text-fg-muted">{trans('HTML version')}</figcaption>
              <iframe
                title={trans('HTML version')}
                sandbox=""
                srcDoc={preview.html}
                className="h-[420px] w-full rounded-kosh border border-divider bg-white"
              />
            </figure>
            <figure className="flex min-w-0 flex-col gap-1">
              <figcaption className="text-xs text-fg-muted">{trans('Plain-text version')}</figcaption>
              <section
                aria-label={trans('Plain-text version')}
                // A scrolling region must be reachable by keyboard to be read.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content
                tabIndex={0}
                className={clsx(
                  'h-[420px] overflow-auto rounded-kosh border border-divider bg-bg-alt p-3',
                  'outline-none focus-visible:ring-2 focus-visible:ring-primary',
                )}
              >
                <pre data-testid="preview-text" className="font-mono text-xs whitespace-pre-wrap break-words text-fg">
                  {preview.text}
                </pre>
              </section>
            </figure>
          </div>
        </>
      ) : (
        <div className="flex h-40 items-center justify-center rounded-kosh border border-divider">
          {isFetching ? (
            <Spinner />
          ) : (
            <p className="text-sm text-fg-muted">{trans('Fix the errors above to see a preview.')}</p>
          )}
        </div>
      )}
    </section>
  );
}
