/** Query key factories, one per area (STYLE.md "Web"). */
export const queryKeys = {
  customPages: {
    all: ['custom-pages'] as const,
    detail: (idOrSlug: string) => ['custom-pages', idOrSlug] as const,
  },
  valueLists: (names: string) => ['value-lists', names] as const,
  states: (countryId: number) => ['value-lists', 'states', countryId] as const,
  account: {
    all: ['account'] as const,
    me: ['account', 'me'] as const,
    user: (id: number) => ['account', 'user', id] as const,
    sessions: ['account', 'sessions'] as const,
    twoFactorQr: ['account', 'two-factor-qr'] as const,
    passwordStatus: ['account', 'password-status'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    /** The first page (30, part 1, 9): the popover and the page share it. */
    list: ['notifications', 'list'] as const,
    subscriptions: ['notifications', 'subscriptions'] as const,
  },
};
