// Business constants of the spec; the comment names the section each comes from.

export const API_PREFIX = 'api/v1';
/** Paths the client sends without the api/v1 prefix (part 1, 7.1). */
export const UNPREFIXED_PATHS = ['auth', 'secure', 'log-viewer', 'horizon'] as const;

export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const; // part 1, 2.3
export type SocialService = (typeof SOCIAL_SERVICES)[number];
export const SOCIAL_AUTH_MESSAGE_TYPE = 'social-auth'; // part 1, 7.2
export const SOCIAL_AUTH_STATUSES = ['SUCCESS', 'ALREADY_LOGGED_IN', 'REQUEST_PASSWORD', 'ERROR'] as const; // part 1, 4
export type SocialAuthStatus = (typeof SOCIAL_AUTH_STATUSES)[number];

export const QUERY_STALE_TIME_MS = 30_000; // part 1, 7.1
export const QUERY_MAX_RETRIES = 2; // part 1, 7.1
export const NO_RETRY_STATUSES = [401, 403, 404] as const; // part 1, 7.1

export const TOAST_DURATION_MS = 3000; // part 1, 4
export const TOAST_DANGER_DURATION_MS = 8000; // part 1, 4
export const MAX_TOASTS = 1; // part 1, 9
export const TOOLTIP_DELAY_MS = 1500; // part 1, 4
export const TOOLTIP_CLOSE_GRACE_MS = 500; // part 1, 4
export const TOOLTIP_OFFSET_PX = 10; // part 1, 9
export const TOOLTIP_MAX_WIDTH_PX = 240; // part 1, 9
export const DROPDOWN_MAX_HEIGHT_PX = 420; // part 1, 9
export const TYPEAHEAD_RESET_MS = 500; // part 1, 9
export const POPOVER_HOVER_CLOSE_MS = 150; // part 1, 9
export const POPOVER_COLLISION_PADDING_PX = 16; // part 1, 9
export const POPOVER_ANIMATION_S = 0.125; // part 1, 9
export const NAV_PROGRESS_DELAY_MS = 50; // part 1, 2.2 and 9
export const SPINNER_DELAY_MS = 500; // part 1, 9
export const SPINNER_MIN_DURATION_MS = 200; // part 1, 9
export const COPIED_DURATION_MS = 1000; // part 1, 9

export const MOBILE_BREAKPOINT_PX = 768; // part 1, 9
export const COOKIE_NOTICE_BREAKPOINT_PX = 480; // part 1, 9
export const COOKIE_DEFAULT_DAYS = 7; // part 1, 9
export const COOKIE_NOTICE_DAYS = 180; // part 1, 4 and 9
export const STAY_SIGNED_IN_DAYS = 30; // part 1, 9 ("for a month")

export const DEFAULT_LANGUAGE = 'en'; // part 1, 9
/** Date formats a user may pick in 'Date, time and language' (part 1, 2.7). */
export const DATE_FORMAT_NAMES = ['numeric', 'short', 'long', 'full'] as const;
export type DateFormatName = (typeof DATE_FORMAT_NAMES)[number];
export const DEFAULT_COUNTRY_ID = 101; // part 1, 9 (India, which shows states)
export const DEFAULT_WORKSPACE_ID = 0; // part 1, 9
export const NOTIFICATIONS_PAGE_SIZE = 30; // part 1, 9
/** Server-sent events of GET notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;
export const PASSWORD_CONFIRMATION_SECONDS = 9000; // part 1, 4 and 9
export const VERIFICATION_CODE_LENGTH = 6; // part 1, 9
export const TWO_FACTOR_CODE_LENGTH = 6; // part 1, 9
export const RECOVERY_CODE_LENGTH = 21; // part 1, 9
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024; // part 1, 9
export const SOCIAL_POPUP = { width: 650, height: 550, pollMs: 1000 } as const; // part 1, 9
export const FREE_STORAGE_BYTES = 25 * 1024 ** 3; // part 2, 9

export const COOKIE = {
  activeTheme: 'be-active-theme',
  activeWorkspace: 'activeWorkspaceId',
  cookieNotice: 'cookie_notice',
  xsrf: 'XSRF-TOKEN',
  session: 'kosh_session',
} as const;
export const XSRF_HEADER = 'x-xsrf-token';
export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';

export const MENU_POSITIONS = [
  'auth-dropdown',
  'auth-page-footer',
  'drive-navbar',
  'drive-sidebar',
  'homepage-navbar',
  'shareable-link-page',
  'footer',
  'footer-secondary',
] as const;
export type MenuPosition = (typeof MENU_POSITIONS)[number];

/** The web app's query key for the plans a visitor is offered (web/src/api/billing.api.ts). */
export const GUEST_PRODUCTS_KEY = ['billing', 'products', 'guest'] as const;

/** The loader value of the shareable link page call (part 2, 7). */
export const SHAREABLE_LINK_PAGE_LOADER = 'shareableLinkPage';
/** Children per page of the shareable link page, as the web app asks for them. */
export const LINK_PAGE_SIZE = 50;

/** What the shareable link page asks for: the order, the password tried, the folder open inside the link. */
export type LinkPageParams = { order: string; password: string | null; folderHash: string | null };

/** The web app's query key for a shareable link page's pages (web/src/api/shares.api.ts). */
export const linkPageKey = (hash: string, params: LinkPageParams) => ['shares', 'link-page', hash, params] as const;

/** Entries per drive listing call, as the web app asks for them (the list asks for more as it scrolls). */
export const DRIVE_PAGE_SIZE = 100;
/** The web app's query key for a drive listing: what it asks for, without the page (web/src/api/drive.api.ts). */
export const driveListKey = <P extends object>(params: P | null) => ['drive', 'entries', params] as const;
/** The web app's query key for the caller's storage used and available. */
export const DRIVE_SPACE_USAGE_KEY = ['drive', 'space-usage'] as const;
/** The web app's query key for the caller's workspaces, the switcher's list (web/src/workspaces/workspaces.api.ts). */
export const WORKSPACES_LIST_KEY = ['workspaces', 'list'] as const;
/** The web app's query key for the admin report of a period (web/src/api/admin-report.api.ts). */
export const adminReportKey = (query: { range: string; from?: string; to?: string; timezone: string }) =>
  ['admin-report', query.range, query.from ?? null, query.to ?? null, query.timezone] as const;
