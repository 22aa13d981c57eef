import clsx from 'clsx';
import { ChevronRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import type { MailTemplateSummary } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { useMailTemplates } from './mail-templates.api.ts';

/** Whether staff changed the mail: a chip, so the list reads at a glance. */
export function TemplateStateChip({ customized }: { customized: boolean }) {
  const { trans } = useTrans();
  return customized ? (
    <span className="rounded-full bg-bg-chip px-2 py-0.5 text-xs font-medium text-fg">{trans('Edited')}</span>
  ) : (
    <span className="rounded-full border border-divider px-2 py-0.5 text-xs text-fg-muted">{trans('Default')}</span>
  );
}

function TemplateRow({ template }: { template: MailTemplateSummary }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return (
    <li>
      <Link
        to={`/admin/mail-template/${template.id}`}
        className={clsx(
          'flex min-h-16 items-center gap-3 px-4 py-3 outline-none hover:bg-bg-alt',
          'focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset',
        )}
      >
        <Mail aria-hidden className="size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate text-sm font-medium text-fg">{trans(template.name)}</span>
            <TemplateStateChip customized={template.customized} />
          </div>
          <p className="line-clamp-2 text-xs text-fg-muted">{trans(template.description)}</p>
        </div>
        {template.updated_at && (
          <span className="hidden shrink-0 text-xs text-fg-muted sm:block">
            {trans('Edited :date', { date: formatMoment(template.updated_at, true) })}
          </span>
        )}
        <ChevronRight aria-hidden className="size-5 shrink-0 text-fg-muted" />
      </Link>
    </li>
  );
}

/** Mail templates (admin area, /admin/mail-template): every mail the site sends, to open and edit. */
export function MailTemplatesPage() {
  const { trans } = useTrans();
  const list = useMailTemplates();
  return (
    <AdminPage
      title={trans('Mail templates')}
      description={trans('The subject and words of every mail the site sends. Open one to edit it and see a preview.')}
    >
      {list.data ? (
        <ul className="max-w-4xl divide-y divide-divider overflow-hidden rounded-kosh border border-divider">
          {list.data.templates.map((template) => (
            <TemplateRow key={template.id} template={template} />
          ))}
        </ul>
      ) : (
        <div className="flex justify-center py-16">
          {list.isError ? <Button onPress={() => void list.refetch()}>{trans('Try again')}</Button> : <Spinner />}
        </div>
      )}
    </AdminPage>
  );
}

export { MailTemplatesPage as Component };
