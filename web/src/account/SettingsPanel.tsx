import type { ReactNode } from 'react';
import clsx from 'clsx';

type Props = {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom right (Save). */
  actions?: ReactNode;
  danger?: boolean;
  /** The panel's body is a form; actions then submit it. */
  as?: 'section' | 'form';
  onSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
};

/** One anchored panel of the account settings page (part 1, 2.7). */
export function SettingsPanel({ id, title, description, children, actions, danger, as = 'section', onSubmit }: Props) {
  const body = (
    <>
      <div className="px-5 pt-5 sm:px-6 sm:pt-6">
        <h2 id={`${id}-title`} className={clsx('text-base font-medium', danger ? 'text-danger' : 'text-fg')}>
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
      {actions && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-divider px-5 py-3 sm:px-6">{actions}</div>
      )}
    </>
  );
  const className = clsx('scroll-mt-24 rounded-kosh-lg border bg-bg', danger ? 'border-danger/40' : 'border-divider');
  return as === 'form' ? (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <form noValidate onSubmit={onSubmit}>
        {body}
      </form>
    </section>
  ) : (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      {body}
    </section>
  );
}
