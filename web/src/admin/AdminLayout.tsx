import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, Menu as MenuIcon } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { AccountMenu } from '../shell/layout/AccountMenu.tsx';
import { Logo } from '../shell/layout/Logo.tsx';
import { useIsMobile } from '../shell/useMediaQuery.ts';
import { buttonClasses, iconButtonClasses } from '../ui/button-styles.ts';
import { IconButton } from '../ui/Button.tsx';
import { AdminSidebar } from './AdminSidebar.tsx';

function AdminHeader({ onOpenDrawer }: { onOpenDrawer: () => void }) {
  const { trans } = useTrans();
  const { user } = useBootstrapData();
  const isMobile = useIsMobile();
  const badge = (
    <span className="rounded-full bg-bg-chip px-2 py-0.5 text-xs font-medium text-fg">{trans('Admin')}</span>
  );
  return (
    <header
      className={clsx(
        'flex h-16 shrink-0 items-center gap-1 border-b border-divider bg-bg px-2',
        'md:gap-2 md:pr-4 md:pl-0',
      )}
    >
      {isMobile ? (
        <>
          <IconButton label={trans('Open menu')} onPress={onOpenDrawer} showTooltip={false}>
            <MenuIcon size={22} aria-hidden />
          </IconButton>
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <Logo to="/admin" className="min-w-0" />
            {badge}
          </div>
          <Link to="/drive" aria-label={trans('Back to drive')} className={iconButtonClasses('md')}>
            <ArrowLeft size={22} aria-hidden />
          </Link>
        </>
      ) : (
        <>
          <div className="flex w-60 shrink-0 items-center gap-2 pl-5">
            <Logo to="/admin" className="min-w-0" />
            {badge}
          </div>
          <div className="flex-1" />
          <Link to="/drive" className={buttonClasses('text', 'md')}>
            <ArrowLeft size={18} aria-hidden />
            {trans('Back to drive')}
          </Link>
        </>
      )}
      {user && <AccountMenu user={user} />}
    </header>
  );
}

/** What staff without two-factor sign-in see while the site requires it of them. */
function TwoFactorRequired() {
  const { trans } = useTrans();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-start gap-3 px-6 py-16">
      <h1 className="text-xl font-medium text-fg">{trans('Two-factor authentication required')}</h1>
      <p className="text-sm text-fg-muted">
        {trans('Staff must turn on two-factor authentication to use the admin area.')}
      </p>
      <Link to="/account-settings#two-factor" className={buttonClasses('primary', 'md')}>
        {trans('Open account settings')}
      </Link>
    </section>
  );
}

/** The admin area's frame: header, the sections in a sidebar (a drawer under 768 px), the screen. */
export function AdminLayout() {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const { user, settings } = useBootstrapData();
  // The server refuses the admin API to such staff (two_factor_required); say why and where to go.
  const needsTwoFactor = settings.auth?.admin_two_factor === true && !user?.two_factor_confirmed_at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation closes the drawer
  useEffect(() => setDrawerOpen(false), [pathname]);
  return (
    <>
      <div className="flex h-[calc(100dvh-var(--kosh-banner-h,0px))] flex-col overflow-hidden bg-bg">
        <AdminHeader onOpenDrawer={() => setDrawerOpen(true)} />
        <div className="flex min-h-0 flex-1">
          {!isMobile && <AdminSidebar className="shrink-0 pt-2" />}
          <main id="main-content" className="relative min-w-0 flex-1 overflow-y-auto">
            {needsTwoFactor ? <TwoFactorRequired /> : <Outlet />}
          </main>
        </div>
      </div>
      {isMobile && (
        <ModalOverlay
          isOpen={isDrawerOpen}
          onOpenChange={setDrawerOpen}
          isDismissable
          className="fixed inset-0 z-50 bg-black/40 data-[entering]:animate-fade-in"
        >
          <Modal
            className={clsx(
              'h-full w-[280px] max-w-[85vw] bg-bg pt-4 shadow-xl outline-none',
              'data-[entering]:animate-fade-in',
            )}
          >
            <AriaDialog aria-label={trans('Admin area')} className="h-full outline-none">
              <AdminSidebar className="w-full" />
            </AriaDialog>
          </Modal>
        </ModalOverlay>
      )}
    </>
  );
}

export { AdminLayout as Component };
