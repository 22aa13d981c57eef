import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

type Props = {
  children: ReactNode;
  menuPosition?: string;
  /** The landing page's footer has link columns. */
  footer?: 'compact' | 'columns';
};

/** Navbar, main content and footer for public pages (custom pages, 404, the landing page). */
export function PublicLayout({ children, menuPosition, footer }: Props) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <Navbar menuPosition={menuPosition} />
      <main id="main-content" className="flex flex-1 flex-col">
        {children}
      </main>
      <Footer variant={footer} />
    </div>
  );
}
