import { UAParser } from 'ua-parser-js';
import type { AdSlot, BootstrapData, ClientSettings } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { RolesRepository } from '../auth/roles.repository.ts';
import type { LocaleService } from '../i18n/locale.service.ts';
import type { LocalizationsRepository } from '../i18n/localizations.repository.ts';
import type { MenusRepository } from '../menus/menus.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ThemesRepository } from '../themes/themes.repository.ts';
import type { AccountPresenter } from '../users/account.presenter.ts';
import { presentImpersonator, presentUser } from '../users/user.presenter.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export type BootstrapRequest = {
  actor: Actor;
  userAgent: string | undefined;
  localeCookie: string | undefined;
  csrfToken: string;
  baseUrl: string;
  /** The caller's cookie session: the owner's view of their user depends on it (recovery codes). */
  sessionId?: string | null;
};

export type BootstrapDeps = {
  settings: SettingsService;
  themes: ThemesRepository;
  menus: MenusRepository;
  localizations: LocalizationsRepository;
  locale: LocaleService;
  users: UsersRepository;
  roles: RolesRepository;
  /** Adds the account parts of the user (social profiles, tokens, two-factor codes). */
  accountPresenter?: AccountPresenter;
  /** The storage driver: direct uploads are offered only on S3. */
  storageDriver?: 'local' | 's3';
  /** The user's unread count and the Web Push (VAPID) public key. */
  notifications?: { unreadCount(userId: number): Promise<number>; vapidPublicKey(): Promise<string> };
  /** The ad slots the caller sees (ads/ads.service.ts); never their code. */
  ads?: { activeSlots(actor: Actor): Promise<AdSlot[]> };
};

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  const type = new UAParser(userAgent ?? '').getDevice().type;
  return type === 'mobile' || type === 'tablet';
}

/** The data the client starts from (spec part 1 section 1); only public settings, no secret. */
export class BootstrapService {
  private readonly deps: BootstrapDeps;
  constructor(deps: BootstrapDeps) {
    this.deps = deps;
  }

  async build(req: BootstrapRequest): Promise<BootstrapData> {
    const { settings, themes, menus, localizations, locale, users, roles } = this.deps;
    const userRow = req.actor.user ? await users.getById(req.actor.user.id) : undefined;
    const userRoles = userRow ? await roles.listRolesOfUser(userRow.id) : [];
    const userPermissions = [...req.actor.permissions.values()];
    const viewer = { userId: userRow?.id ?? null, sessionId: req.sessionId ?? null };
    const user = !userRow
      ? null
      : this.deps.accountPresenter
        ? await this.deps.accountPresenter.withExtras(userRow, userRoles, userPermissions, viewer)
        : presentUser(userRow, userRoles, userPermissions);
    if (user && this.deps.notifications)
      user.unread_notifications_count = await this.deps.notifications.unreadCount(user.id);
    const staff = user && req.actor.impersonator ? await users.getById(req.actor.impersonator.id) : undefined;
    if (user && staff) user.impersonator = presentImpersonator(staff);
    const guestRole = userRow ? null : await roles.getGuestRole();
    const tree = await settings.getPublicTree();
    const allThemes = await themes.listAll();
    const resolved = await locale.resolve([userRow?.language, req.localeCookie]);
    const clientSettings = { ...tree, base_url: req.baseUrl, menus: await menus.listAll() } as ClientSettings;
    if (this.deps.notifications)
      clientSettings.notifications = {
        ...clientSettings.notifications,
        vapid_public_key: await this.deps.notifications.vapidPublicKey(),
      };
    clientSettings.uploads = {
      ...clientSettings.uploads,
      direct_upload: Boolean(clientSettings.uploads.direct_upload) && this.deps.storageDriver === 's3',
    };
    return {
      user,
      guest_role: guestRole ? { id: guestRole.id, permissions: [...req.actor.permissions.values()] } : null,
      settings: clientSettings,
      themes: { all: allThemes, default_id: (allThemes.find((t) => t.default_light) ?? allThemes[0])?.id ?? null },
      cookie_notice: { enable: Boolean(clientSettings.cookie_notice?.enable) },
      is_mobile_device: isMobileUserAgent(req.userAgent),
      i18n: resolved,
      localizations: await localizations.listSummaries(),
      csrf_token: req.csrfToken,
      ...(this.deps.ads ? { ads: { slots: await this.deps.ads.activeSlots(req.actor) } } : {}),
    };
  }
}
