import clsx from 'clsx';
import { Plus } from 'lucide-react';
import type { MailTemplateVariable } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

type Props = { variables: MailTemplateVariable[]; onInsert: (tag: string) => void };

/** The variables the mail may use, beside the editor: each inserts {{name}} where the cursor was. */
export function VariablesPanel({ variables, onInsert }: Props) {
  const { trans } = useTrans();
  return (
    <section aria-labelledby="mail-variables" className="rounded-kosh border border-divider bg-bg-alt p-3">
      <h2 id="mail-variables" className="text-sm font-medium text-fg">
        {trans('Variables')}
      </h2>
      <p className="mt-1 text-xs text-fg-muted">
        {trans('Click one to insert it where the cursor is. Values are escaped; the preview shows the samples.')}
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {variables.map((v) => (
          <li key={v.name}>
            <button
              type="button"
              onClick={() => onInsert(`{{${v.name}}}`)}
              title={trans('Insert :name', { name: `{{${v.name}}}` })}
              className={clsx(
                'flex w-full items-start gap-2 rounded-kosh px-2 py-1.5 text-left outline-none hover:bg-bg',
                'focus-visible:ring-2 focus-visible:ring-primary',
              )}
            >
              <Plus aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-muted" />
              <span className="min-w-0">
                <code className="block font-mono text-xs break-all text-fg">{`{{${v.name}}}`}</code>
                <span className="block text-xs text-fg-muted">{trans(v.description)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-fg-muted">
        {trans('{{#name}}…{{/name}} shows a part only when the variable is not empty.')}
      </p>
    </section>
  );
}
