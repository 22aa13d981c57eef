import { useEffect, type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocation } from 'react-router';
import { useAccountUser } from '../api/account.api.ts';
import { useEnabledSocialServices } from '../auth/social/SocialButtons.tsx';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Navbar } from '../shell/layout/Navbar.tsx';
import { useAuth } from '../shell/useAuth.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { focusRing } from '../ui/button-styles.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { AccessTokensPanel } from './AccessTokensPanel.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import { DangerZonePanel } from './DangerZonePanel.tsx';
import { LocalizationPanel } from './LocalizationPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { SessionsPanel } from './SessionsPanel.tsx';
import { SocialLoginPanel } from './SocialLoginPanel.tsx';
import { TwoFactorPanel } from './two-factor/TwoFactorPanel.tsx';
import { useScrollSpy } from './useScrollSpy.ts';

/** The side list, in the spec's order (part 1, 2.7). */
const SECTIONS = [
  { id: 'account-details', label: 'Account details' },
  { id: 'social-login', label: 'Social login' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor' },
  { id: 'location-and-language', label: 'Location and language' },
  { id: 'developers', label: 'Developers' },
  { id: 'delete-account', label: 'Delete account' },
  { id: 'sessions', label: 'Sessions' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function SideList({ ids, isReady }: { ids: SectionId[]; isReady: boolean }) {
  const { trans } = useTrans();
  const { active, choose } = useScrollSpy(ids, isReady);
  return (
    <nav aria-label={trans('Account settings')} className="sticky top-24 hidden w-56 shrink-0 self-start md:block">
      <ul className="flex flex-col gap-0.5">
        {SECTIONS.filter((s) => ids.includes(s.id)).map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={active === section.id ? 'location' : undefined}
              onClick={(e) => {
                e.preventDefault();
                choose(section.id);
                document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                window.history.replaceState(window.history.state, '', `#${section.id}`);
              }}
              className={clsx(
                'flex h-10 items-center rounded-full px-4 text-sm transition-colors duration-125',
                active === section.id ? 'bg-bg-chip font-medium text-fg' : 'text-fg hover:bg-bg-alt',
                focusRing,
              )}
            >
              {trans(section.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Scrolls to the panel named in the address (#two-factor) once the panels are there. */
function useScrollToHash(isReady: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (isReady && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [isReady, hash]);
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt">
      <Navbar menuPosition="drive-navbar" />
      {children}
    </div>
  );
}

/** The account settings page of part 1, 2.7 (login required: the route's guard lets only users in). */
export function AccountSettingsPage() {
  const { user } = useBootstrapData();
  return user ? <AccountSettings userId={user.id} /> : null;
}

function AccountSettings({ userId }: { userId: number }) {
  const { trans } = useTrans();
  const { settings } = useBootstrapData();
  const { hasPermission } = useAuth();
  const query = useAccountUser(userId);
  const socialServices = useEnabledSocialServices();
  useDocumentTitle(trans('Account settings'));
  const user = query.data;
  useScrollToHash(!!user);

  const showSocial = socialServices.length > 0;
  const showDevelopers = !!settings.api?.integrated && hasPermission('api.access');
  const ids = SECTIONS.map((s) => s.id).filter(
    (id) => (id !== 'social-login' || showSocial) && (id !== 'developers' || showDevelopers),
  );

  return (
    <Page>
      <div className="mx-auto flex w-full max-w-[1100px] gap-8 px-4 py-6 sm:px-6 md:py-10">
        <SideList ids={ids} isReady={!!user} />
        <main id="main-content" className="min-w-0 flex-1">
          <h1 className="text-xl font-medium text-fg">{trans('Account settings')}</h1>
          <p className="mt-1 mb-6 text-sm text-fg-muted">
            {trans('View and update your account details, profile and more.')}
          </p>
          {user ? (
            <div className="flex flex-col gap-6">
              <ProfilePanel user={user} />
              {showSocial && <SocialLoginPanel user={user} />}
              <ChangePasswordPanel />
              <TwoFactorPanel user={user} />
              <SessionsPanel />
              <LocalizationPanel user={user} />
              {showDevelopers && <AccessTokensPanel user={user} />}
              <DangerZonePanel user={user} />
            </div>
          ) : (
            <div className="flex justify-center py-16">
              <Spinner size={32} />
            </div>
          )}
        </main>
      </div>
    </Page>
  );
}

export { AccountSettingsPage as Component };
