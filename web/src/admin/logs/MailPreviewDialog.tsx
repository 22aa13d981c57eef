import clsx from 'clsx';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { MailLogRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { CodeBlock, Fact } from './log-parts.tsx';
import { MailStatusBadge, mailTemplateLabel } from './mail-log-parts.tsx';
import { useMailLogEntry } from './logs.api.ts';

const tabClass = clsx(
  'relative inline-flex h-11 cursor-pointer items-center px-3 text-sm font-medium text-fg-muted',
  'transition-colors duration-125 hover:text-fg data-[selected]:text-primary',
  'data-[selected]:after:absolute data-[selected]:after:inset-x-0 data-[selected]:after:bottom-0',
  'data-[selected]:after:h-0.5 data-[selected]:after:bg-primary',
  focusRing,
);

/**
 * One sent mail as its recipient saw it. The HTML goes into a frame with every sandbox restriction
 * (no scripts, no forms, no navigation, its own origin), never into this page.
 */
export function MailPreviewDialog({ mail, onClose }: { mail: MailLogRow | null; onClose: () => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const entry = useMailLogEntry(mail?.id ?? null);
  const full = entry.data;
  return (
    <Dialog
      isOpen={!!mail}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={mail?.subject ?? ''}
      actions={<Button onPress={onClose}>{trans('Close')}</Button>}
    >
      {mail && (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label={trans('To')}>{mail.to}</Fact>
            <Fact label={trans('Sent')}>{formatMoment(mail.created_at, true)}</Fact>
            <Fact label={trans('Template')}>{mail.template ? trans(mailTemplateLabel(mail.template)) : '—'}</Fact>
            <Fact label={trans('Status')}>
              <MailStatusBadge status={mail.status} />
            </Fact>
          </dl>
          {mail.error && <CodeBlock label={trans('Error')} text={mail.error} wrap />}
          {entry.isPending && (
            <div className="flex h-40 items-center justify-center">
              <Spinner label={trans('Loading the mail')} />
            </div>
          )}
          {entry.isError && (
            <p role="alert" className="text-sm text-danger">
              {trans('This mail could not be loaded; it may be older than the log keeps.')}
            </p>
          )}
          {full && (
            <Tabs defaultSelectedKey={full.html ? 'html' : 'text'}>
              <TabList aria-label={trans('Mail body')} className="flex gap-2 border-b border-divider">
                <Tab id="html" className={tabClass} isDisabled={!full.html}>
                  {trans('HTML')}
                </Tab>
                <Tab id="text" className={tabClass}>
                  {trans('Text')}
                </Tab>
              </TabList>
              <TabPanel id="html" className="pt-3 outline-none">
                {full.html && (
                  <iframe
                    title={trans('Mail preview')}
                    sandbox=""
                    srcDoc={full.html}
                    className="h-[420px] w-full rounded-kosh border border-divider bg-white"
                  />
                )}
              </TabPanel>
              <TabPanel id="text" className="pt-3 outline-none">
                {full.text ? (
                  <pre
                    // A scrolling region must be reachable by keyboard to be read.
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content
                    tabIndex={0}
                    className={clsx(
                      'max-h-[420px] overflow-auto rounded-kosh border border-divider bg-bg-alt p-3 text-sm',
                      'whitespace-pre-wrap text-fg [overflow-wrap:anywhere]',
                    )}
                  >
                    {full.text}
                  </pre>
                ) : (
                  <p className="text-sm text-fg-muted">{trans('This mail had no text part.')}</p>
                )}
              </TabPanel>
            </Tabs>
          )}
        </div>
      )}
    </Dialog>
  );
}
