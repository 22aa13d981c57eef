import type { Generated } from 'kysely';

// Timestamps are ISO-8601 UTC strings and flags are 0/1 integers on both dialects,
// so one set of queries sorts and compares the same way on SQLite and PostgreSQL.

export type UsersTable = {
  id: Generated<number>;
  email: string;
  password: string | null;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  country_id: number | null;
  state_id: number | null;
  language: string | null;
  timezone: string | null;
  date_format: string | null;
  /** The workspace the user worked in last (0 or null: the default one); checked for membership when read. */
  last_workspace_id: number | null;
  email_verified_at: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: string | null;
  /** The last TOTP time step accepted, so an observed code cannot be replayed. */
  two_factor_last_time_step: number | null;
  /** How often the profile prompt was skipped (PUT users/skipCounter). */
  profile_skip_count: Generated<number>;
  /** Suspended since; null when not suspended. */
  banned_at: string | null;
  /** The suspension ends then; null with banned_at set means permanently. */
  banned_until: string | null;
  ban_reason: string | null;
  /** Bytes allowed, set by staff; null inherits from the plan, the roles and the default space. */
  available_space: number | null;
  /** The last request of any of the user's sessions or tokens, written at most once a minute. */
  last_active_at: string | null;
  created_at: string;
  updated_at: string;
};

export type RolesTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_default: number;
  is_guest: number;
  /** Seeded with the site (admin, users, guests): kept, its name fixed. */
  is_system: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type PermissionsTable = {
  id: Generated<number>;
  name: string;
  display_name: string;
  group_name: string;
  description: string | null;
  /** JSON list of restriction names the permission accepts. */
  restrictions: string;
};

export type PermissionRoleTable = {
  role_id: number;
  permission_id: number;
  /** JSON list of {name, value}. */
  restrictions: string;
};

export type PermissionUserTable = {
  user_id: number;
  permission_id: number;
  restrictions: string;
};

export type UserRoleTable = {
  user_id: number;
  role_id: number;
  created_at: string;
};

export type SettingsTable = {
  key: string;
  /** JSON text. */
  value: string;
  is_private: number;
  updated_at: string;
};

export type ThemesTable = {
  id: Generated<number>;
  name: string;
  is_dark: number;
  default_light: number;
  default_dark: number;
  values: string;
  created_at: string;
  updated_at: string;
};

export type MenusTable = {
  id: Generated<number>;
  name: string;
  positions: string;
  items: string;
  created_at: string;
  updated_at: string;
};

export type CustomPagesTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  seo: string | null;
  /** Who created the page (migration 0025); null for seeded pages and once that account is deleted. */
  user_id: number | null;
  created_at: string;
  updated_at: string;
};

export type LocalizationsTable = {
  id: Generated<number>;
  language: string;
  name: string;
  lines: string;
  created_at: string;
  updated_at: string;
};

export type ServerProcessesTable = {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  seen_at: string;
  clients: number;
  listening: number | null;
};

export type AdminAuditLogTable = {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string | null;
  impersonator_id: number | null;
  impersonator_email: string | null;
  /** A dotted verb such as user.suspend or role.update. */
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  /** JSON of the changed fields before and after; secrets never enter it. */
  before: string | null;
  after: string | null;
  ip: string | null;
  created_at: string;
};

export type SessionsTable = {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  ip_address: string | null;
  user_agent: string | null;
  last_active: string;
  expires_at: string;
  created_at: string;
  /** mobile, tablet or desktop, parsed from the user agent at sign-in. */
  device_type: string | null;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  /** When this session last confirmed the password (sensitive actions need it recent). */
  password_confirmed_at: string | null;
  /** The staff member who opened this session through "log in as user"; null for the user's own. */
  impersonator_id: number | null;
};

export type PersonalAccessTokensTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the plain token, which is shown once and never stored. */
  token_hash: string;
  last_used_at: string | null;
  created_at: string;
};

export type PasswordResetsTable = {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the emailed token. */
  token_hash: string;
  expires_at: string;
  created_at: string;
};

export type EmailVerificationCodesTable = {
  id: Generated<number>;
  user_id: number;
  /** HMAC of the six digits, keyed with the app key. */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  created_at: string;
};

export type SocialProfilesTable = {
  id: Generated<number>;
  user_id: number;
  service_name: string;
  /** The account id at the provider. */
  user_service_id: string;
  username: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
};

/** A passed human check (recaptcha), spendable once by registration. */
export type HumanChecksTable = {
  /** SHA-256 of the nonce kept in the visitor's cookie. */
  id: string;
  expires_at: string;
};

/** A file or folder (drive). Folders have no file_name and a file_size of 0. */
export type FileEntriesTable = {
  id: Generated<number>;
  /** Public id used in URLs; never reveals the row id. */
  hash: string;
  name: string;
  /** Storage key of the bytes (storage/keys.ts); null for folders. */
  file_name: string | null;
  mime: string | null;
  extension: string | null;
  file_size: number;
  type: string;
  is_folder: number;
  parent_id: number | null;
  /** Ancestor ids and the entry's own, e.g. /12/45/78/; a subtree is a prefix range. */
  path: string;
  owner_id: number;
  /** null for the personal drive (workspace 0). */
  workspace_id: number | null;
  sha256: string | null;
  /** Storage key of the generated thumbnail, once made. */
  thumbnail: string | null;
  /** In trash: the id of the entry the user trashed (itself for the top of what was trashed). */
  trash_root_id: number | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
};

export type StarsTable = {
  user_id: number;
  file_entry_id: number;
  created_at: string;
};

export type TagsTable = {
  id: Generated<number>;
  /** A lower-case slug, unique. */
  name: string;
  display_name: string;
  type: string;
  created_at: string;
  updated_at: string;
};

export type EntryTagsTable = {
  tag_id: number;
  entry_id: number;
  /** Who put the tag on; null once that account is gone. */
  tagged_by: number | null;
  created_at: string;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends. */
  reset_at: number;
};

/** Bytes promised to an upload in flight, counted against the quota until released or expired. */
export type SpaceReservationsTable = {
  id: Generated<number>;
  user_id: number;
  bytes: number;
  expires_at: string;
  created_at: string;
};

export type PendingUploadKind = 'tus' | 's3-simple' | 's3-multipart';
/** open: bytes may still arrive; finalizing: an entry is being made; done: entry_id names it. */
export type PendingUploadState = 'open' | 'finalizing' | 'done';

/** An upload in flight (tus or direct to S3): the key the server minted and what was declared. */
export type PendingUploadsTable = {
  id: Generated<number>;
  user_id: number;
  kind: PendingUploadKind;
  /** Storage key the bytes end under (storage/keys.ts). */
  key: string;
  /** tus: the id in the upload URL; S3 multipart: the store's UploadId. */
  upload_id: string | null;
  /** Declared size in bytes, checked again against what arrived. */
  size: number;
  name: string;
  mime: string;
  extension: string | null;
  parent_id: number | null;
  relative_path: string | null;
  workspace_id: number | null;
  reservation_id: number | null;
  state: PendingUploadState;
  entry_id: number | null;
  claimed_at: string | null;
  /** The process holding a finalizing claim (uploads/claim-holders.ts); null on claims older than it. */
  claimed_by: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
};

/** A ZIP archive being streamed, counted against the concurrency caps (drive/zip-slots.ts). */
export type ZipDownloadsTable = {
  id: Generated<number>;
  holder: string;
  user_id: number | null;
  link_id: number | null;
  address: string;
  started_at: string;
  alive_at: string;
};

/** An entry shared with a person; a folder's share covers its subtree. */
export type FileEntrySharesTable = {
  id: Generated<number>;
  file_entry_id: number;
  /** Who shared it: the entry's owner. */
  owner_id: number;
  /** The recipient; null while an invitation to an address without an account is pending. */
  user_id: number | null;
  /** The address shared with, lower-cased. */
  email: string;
  permission: 'view' | 'download' | 'edit';
  /**
   * SHA-256 of the token of an invitation mailed before tokens moved to invitation_mails; new
   * shares leave it null.
   */
  invite_token_hash: string | null;
  created_at: string;
  updated_at: string;
};

/** The one shareable link of an entry. Flags are 0/1. */
export type ShareableLinksTable = {
  id: Generated<number>;
  /** Public id in /drive/s/{hash}. */
  hash: string;
  file_entry_id: number;
  user_id: number;
  /** argon2id hash; null: no password. */
  password: string | null;
  expires_at: string | null;
  enabled: number;
  allow_download: number;
  allow_edit: number;
  restricted: number;
  created_at: string;
  updated_at: string;
};

/** A notification to a user (spec part 1, 3); data is JSON. The notifications issue adds its calls. */
export type NotificationsTable = {
  id: string;
  user_id: number;
  type: string;
  data: string;
  read_at: string | null;
  created_at: string;
};

/** A team space; its owner is also a member with role owner. */
export type WorkspacesTable = {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: string;
  updated_at: string;
};

export type WorkspaceMembersTable = {
  workspace_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'editor' | 'viewer';
  created_at: string;
};

/**
 * An invitation mail to an address without an account, one row per entry or workspace it named
 * (mail/invitation-mails.repository.ts). token_hash is shared by the rows of one mail.
 */
export type InvitationMailsTable = {
  id: Generated<number>;
  sender_id: number | null;
  /** Lower-cased. */
  email: string;
  kind: 'share' | 'workspace';
  /** The shared entry's id, or the workspace's. */
  subject_id: number;
  /** SHA-256 of the token the mail carries (in its register link). */
  token_hash: string;
  sent_at: string;
  /** When the token proved the address (it proves it once). */
  used_at: string | null;
};

/** An invitation to join a workspace; id is the random inviteId. */
export type WorkspaceInvitesTable = {
  id: string;
  workspace_id: number;
  /** Lower-cased. */
  email: string;
  role: 'admin' | 'editor' | 'viewer';
  invited_by: number | null;
  created_at: string;
};

/** A user's channel choice (email, browser) for one notification type; 0/1 flags. */
export type NotificationSubscriptionsTable = {
  user_id: number;
  notif_id: string;
  email: number;
  browser: number;
  updated_at: string;
};

/** A browser's Web Push subscription: endpoint and its keys (base64url). */
export type PushSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
};

/** A browser + platform a user has signed in from (a new one is notified as a new sign-in). */
export type SignInDevicesTable = {
  user_id: number;
  device: string;
  created_at: string;
};

/** A client network (IPv4 address, IPv6 /64) a user has signed in from: failures elsewhere cannot lock it out. */
export type KnownNetworksTable = {
  user_id: number;
  network: string;
  last_seen_at: string;
};

/** A contact or reseller enquiry (spec part 2, 3); mailed_at stays null until the mail went out. */
export type EnquiriesTable = {
  id: Generated<number>;
  kind: 'contact' | 'reseller';
  name: string;
  /** Lower-cased. */
  email: string;
  mobile_number: string;
  message: string;
  /** The signed-in sender, if any. */
  user_id: number | null;
  ip_address: string;
  user_agent: string | null;
  mailed_at: string | null;
  /** new, answered (a reply was mailed or staff said so) or archived. */
  status: Generated<'new' | 'answered' | 'archived'>;
  replied_at: string | null;
  created_at: string;
};

/** One run of a periodic job (trash purge, orphan sweep, upload expiry), scheduled or started by staff. */
export type JobRunsTable = {
  id: Generated<number>;
  /** The job's key, such as drive-maintenance. */
  job: string;
  trigger: 'schedule' | 'manual';
  triggered_by: number | null;
  status: 'running' | 'succeeded' | 'failed';
  /** JSON of what the run reported (counts). */
  output: string | null;
  error: string | null;
  duration_ms: number | null;
  started_at: string;
  finished_at: string | null;
};

/** Staff's edit of one mail template; without a row the code's default is sent. */
export type MailTemplatesTable = {
  /** The template's id in the registry (password_reset, share_notification, ...). */
  id: string;
  subject: string;
  html: string;
  text: string;
  updated_by: number | null;
  updated_at: string;
};

/** A mail Kosh sent or failed to send, with its rendered bodies; kept 30 days. */
export type MailLogTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  template: string | null;
  status: 'sent' | 'failed';
  error: string | null;
  text_body: string | null;
  html_body: string | null;
  created_at: string;
};

/** A plan (spec part 2, 3 "Plan product"). */
export type ProductsTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  position: number;
  /** Bytes of storage the plan grants. */
  available_space: number;
  free: number;
  recommended: number;
  hidden: number;
  /** JSON list of strings. */
  feature_list: string;
  /** The plan's id at each gateway, once synced. */
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: string;
  updated_at: string;
};

/** A price of a plan; archived instead of changed or deleted, so subscriptions keep their terms. */
export type PricesTable = {
  id: Generated<number>;
  product_id: number;
  /** Minor units of the currency (paise). */
  amount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  archived_at: string | null;
  /** The price's id at each gateway (a PayPal plan), once synced. */
  stripe_id: string | null;
  paypal_id: string | null;
  created_at: string;
};

export type BillingGateway = 'stripe' | 'paypal' | 'none';

/** A discount coupon and its promotion code at Stripe (spec part 2, "Discount"). */
export type CouponsTable = {
  id: Generated<number>;
  /** Upper-cased: codes are unique in any case. */
  code: string;
  name: string;
  percent_off: number | null;
  /** Minor units of `currency`. */
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  max_redemptions: number | null;
  expires_at: string | null;
  active: number;
  times_redeemed: number;
  stripe_coupon_id: string | null;
  stripe_promotion_code_id: string | null;
  created_at: string;
  updated_at: string;
};

/** A user's customer record at a gateway. */
export type BillingCustomersTable = {
  id: Generated<number>;
  user_id: number;
  gateway: BillingGateway;
  customer_id: string;
  created_at: string;
};

/** A paid (or staff-granted) plan of a user; its state is derived from status, renews_at and ends_at. */
export type SubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  price_id: number | null;
  gateway: BillingGateway;
  gateway_id: string | null;
  /** The gateway's status as last read: active, trialing, past_due, canceled, incomplete, unpaid. */
  status: string;
  renews_at: string | null;
  ends_at: string | null;
  trial_ends_at: string | null;
  /** JSON {brand, last4}. */
  payment_method: string | null;
  /** When the subscriber was told the cancelled plan ends soon, and that it ended (each once). */
  ending_notice_at: Generated<string | null>;
  ended_notice_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
};

/** A gateway's webhook event, kept once per event id and processed as a job with retries. */
export type BillingEventsTable = {
  id: Generated<number>;
  gateway: BillingGateway;
  event_id: string;
  type: string;
  payload: string;
  received_at: string;
  available_at: string;
  locked_until: string | null;
  attempts: Generated<number>;
  processed_at: string | null;
  last_error: string | null;
};

/** A charge of a subscription as the gateway reported it. */
export type InvoicesTable = {
  id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  product_id: number | null;
  gateway: BillingGateway;
  gateway_id: string;
  /** Minor units. */
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  period_start: string | null;
  period_end: string | null;
  paid_at: string | null;
  created_at: string;
};

/** A stored object to delete: its rows are gone (a deleted user's files); drained in the background. */
export type StorageDeletionsTable = {
  id: Generated<number>;
  key: string;
  created_at: string;
};

export type DB = {
  enquiries: EnquiriesTable;
  known_networks: KnownNetworksTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  sign_in_devices: SignInDevicesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invites: WorkspaceInvitesTable;
  invitation_mails: InvitationMailsTable;
  file_entry_shares: FileEntrySharesTable;
  shareable_links: ShareableLinksTable;
  notifications: NotificationsTable;
  space_reservations: SpaceReservationsTable;
  pending_uploads: PendingUploadsTable;
  zip_downloads: ZipDownloadsTable;
  rate_limits: RateLimitsTable;
  file_entries: FileEntriesTable;
  stars: StarsTable;
  tags: TagsTable;
  entry_tags: EntryTagsTable;
  password_resets: PasswordResetsTable;
  email_verification_codes: EmailVerificationCodesTable;
  social_profiles: SocialProfilesTable;
  human_checks: HumanChecksTable;
  personal_access_tokens: PersonalAccessTokensTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permission_role: PermissionRoleTable;
  permission_user: PermissionUserTable;
  user_role: UserRoleTable;
  settings: SettingsTable;
  themes: ThemesTable;
  menus: MenusTable;
  custom_pages: CustomPagesTable;
  products: ProductsTable;
  prices: PricesTable;
  coupons: CouponsTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  invoices: InvoicesTable;
  localizations: LocalizationsTable;
  sessions: SessionsTable;
  admin_audit_log: AdminAuditLogTable;
  server_processes: ServerProcessesTable;
  job_runs: JobRunsTable;
  mail_log: MailLogTable;
  mail_templates: MailTemplatesTable;
  storage_deletions: StorageDeletionsTable;
};
