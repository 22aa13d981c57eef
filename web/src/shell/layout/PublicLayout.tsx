import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

/** Navbar, main content and footer for public pages (custom pages, 404). */
export function PublicLayout({ children, menuPosition }: { children: ReactNode; menuPosition?: string }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <Navbar menuPosition={menuPosition} />
      <main id="main-content" className="flex flex-1 flex-col">
        {children}
      </main>
      <Footer />
    </div>
  );
}
