import type { ReactNode } from 'react';
import { Navbar } from '../shell/layout/Navbar.tsx';

/** The signed-in frame of the billing pages, as the account settings and notifications pages have it. */
export function BillingShell({ children, isWide = false }: { children: ReactNode; isWide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt">
      <Navbar menuPosition="drive-navbar" />
      <main
        id="main-content"
        className={`mx-auto w-full ${isWide ? 'max-w-[1200px]' : 'max-w-[760px]'} flex-1 px-4 py-6 sm:px-6 md:py-10`}
      >
        {children}
      </main>
    </div>
  );
}
