import type { ReactNode } from 'react';
import clsx from 'clsx';
import { focusRing } from '../ui/button-styles.ts';
import { useSettings } from '../shell/bootstrap-store.ts';
import { CustomMenu } from '../shell/menus/CustomMenu.tsx';
import { Logo } from '../shell/layout/Logo.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

type Props = {
  heading: ReactNode;
  title: string;
  children: ReactNode;
  below?: ReactNode /** Above the heading, e.g. a Back button. */;
  before?: ReactNode;
};

/**
 * Shared layout of the auth pages (part 1, 2.5; UI.md): logo above a centred 440 px card
 * on the alternate background, a 24 px heading, and a footer with the site name and the
 * 'auth-page-footer' menu.
 */
export function AuthLayout({ heading, title, children, below, before }: Props) {
  const { branding } = useSettings();
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-bg-alt px-4 pt-10 pb-6 sm:pt-16">
      <Logo size="lg" className="mb-8" />
      <main
        id="main-content"
        className="w-full max-w-[440px] rounded-kosh-lg bg-bg px-6 py-8 shadow-sm ring-1 ring-divider sm:px-10 sm:py-10"
      >
        {before}
        <h1 className="mb-6 text-2xl font-medium text-fg">{heading}</h1>
        {children}
        {below && <div className="mt-8 border-t border-divider pt-6 text-center text-sm text-fg-muted">{below}</div>}
      </main>
      <footer
        className={clsx(
          'mt-auto flex flex-wrap items-center justify-center',
          'gap-x-5 gap-y-2 pt-10 text-sm text-fg-muted',
        )}
      >
        <span>© {branding.site_name}</span>
        <CustomMenu
          position="auth-page-footer"
          className="flex-wrap gap-x-5 gap-y-2"
          itemClassName={clsx('rounded-kosh hover:text-fg hover:underline', focusRing)}
        />
      </footer>
    </div>
  );
}
