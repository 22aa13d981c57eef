import type { ReactNode } from 'react';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

type Props = {
  /** The page's heading, also its document title. */
  title: string;
  description?: ReactNode;
  /** Buttons on the heading's row (Add new user). */
  actions?: ReactNode;
  /** The browser tab's title when it differs from the heading (a tab of a section). */
  documentTitle?: string;
  /** A section's tabs, under the heading. */
  tabs?: ReactNode;
  children: ReactNode;
};

/** One admin screen: a 20 px heading with its actions, a line of help, then the content. */
export function AdminPage({ title, description, actions, documentTitle, tabs, children }: Props) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-4 py-5 md:px-8 md:py-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-medium text-fg">{title}</h1>
          {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {tabs}
      {children}
    </div>
  );
}
