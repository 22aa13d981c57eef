import {
  AdminBulkIdsSchema,
  AdminCustomPagesQuerySchema,
  AdminCustomPagesSchema,
  AdminSettingsSchema,
  AdminUserIdParamsSchema,
  AdminUserResponseSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  CreateAdminUserBodySchema,
  DeleteAdminUsersResponseSchema,
  ImpersonationResponseSchema,
  SentTestMailSchema,
  StorageStatusSchema,
  SuspendAdminUserBodySchema,
  UpdateSettingsBodySchema,
} from '@kosh/contracts';
import {
  AdminLocalizationResponseSchema,
  AdminLocalizationsPageSchema,
  AdminLocalizationsQuerySchema,
  CreateLocalizationBodySchema,
  LocalizationFileSchema,
  LocalizationIdParamsSchema,
  LocalizationLinesResponseSchema,
  SaveLocalizationLinesBodySchema,
  SaveLocalizationLinesResponseSchema,
  UpdateLocalizationBodySchema,
} from '@kosh/contracts/admin-localizations';
import {
  AdminCustomPageResponseSchema,
  CustomPageIdParamsSchema,
  CustomPageImageResponseSchema,
  DeleteCustomPagesResponseSchema,
  SaveCustomPageBodySchema,
  UploadCustomPageImageFormSchema,
} from '@kosh/contracts/admin-pages';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';

// Admin calls the shared endpoint table (contracts/src/endpoints.ts) does not list yet, declared the
// same way with the route's own schemas so `call` types them; they belong in that table.
export const adminEndpoints = {
  listAuditLog: {
    method: 'GET',
    path: 'admin/audit-log',
    query: AuditLogQuerySchema,
    response: AuditLogPageSchema,
  },
  listAdminUsers: {
    method: 'GET',
    path: 'admin/users',
    query: AdminUsersQuerySchema,
    response: AdminUsersPageSchema,
  },
  createAdminUser: {
    method: 'POST',
    path: 'admin/users',
    body: CreateAdminUserBodySchema,
    response: AdminUserResponseSchema,
  },
  deleteAdminUsers: {
    method: 'POST',
    path: 'admin/users/delete',
    body: AdminBulkIdsSchema,
    response: DeleteAdminUsersResponseSchema,
  },
  suspendAdminUser: {
    method: 'POST',
    path: 'admin/users/:id/suspend',
    params: AdminUserIdParamsSchema,
    body: SuspendAdminUserBodySchema,
    response: AdminUserResponseSchema,
  },
  unsuspendAdminUser: {
    method: 'POST',
    path: 'admin/users/:id/unsuspend',
    params: AdminUserIdParamsSchema,
    response: AdminUserResponseSchema,
  },
  impersonateAdminUser: {
    method: 'POST',
    path: 'admin/users/:id/impersonate',
    params: AdminUserIdParamsSchema,
    response: ImpersonationResponseSchema,
  },
  stopImpersonation: {
    method: 'POST',
    path: 'admin/impersonation/stop',
    response: ImpersonationResponseSchema,
  },
  getSettings: {
    method: 'GET',
    path: 'settings',
    response: AdminSettingsSchema,
  },
  updateSettings: {
    method: 'PUT',
    path: 'settings',
    body: UpdateSettingsBodySchema,
    response: AdminSettingsSchema,
  },
  sendTestMail: {
    method: 'POST',
    path: 'settings/mail/test',
    response: SentTestMailSchema,
  },
  getStorageStatus: {
    method: 'GET',
    path: 'admin/storage',
    response: StorageStatusSchema,
  },
  allowStorageCors: {
    method: 'POST',
    path: 'admin/storage/cors',
    response: StorageStatusSchema,
  },
  listAdminCustomPages: {
    method: 'GET',
    path: 'admin/custom-pages',
    query: AdminCustomPagesQuerySchema,
    response: AdminCustomPagesSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** The users list's CSV export (GET, streamed): a plain download link, so not a `call`. */
export const ADMIN_USERS_EXPORT_PATH = 'admin/users/export';

/** The localizations screens' calls (server/src/admin/localizations/localizations-admin.routes.ts). */
export const localizationEndpoints = {
  list: {
    method: 'GET',
    path: 'admin/localizations',
    query: AdminLocalizationsQuerySchema,
    response: AdminLocalizationsPageSchema,
  },
  create: {
    method: 'POST',
    path: 'admin/localizations',
    body: CreateLocalizationBodySchema,
    response: AdminLocalizationResponseSchema,
  },
  update: {
    method: 'PUT',
    path: 'admin/localizations/:id',
    params: LocalizationIdParamsSchema,
    body: UpdateLocalizationBodySchema,
    response: AdminLocalizationResponseSchema,
  },
  delete: { method: 'DELETE', path: 'admin/localizations/:id', params: LocalizationIdParamsSchema },
  lines: {
    method: 'GET',
    path: 'admin/localizations/:id/lines',
    params: LocalizationIdParamsSchema,
    response: LocalizationLinesResponseSchema,
  },
  saveLines: {
    method: 'PUT',
    path: 'admin/localizations/:id/lines',
    params: LocalizationIdParamsSchema,
    body: SaveLocalizationLinesBodySchema,
    response: SaveLocalizationLinesResponseSchema,
  },
  /** Multipart `file`: a JSON file holding a download's shape (or bare {key: line}), merged over the lines. */
  upload: {
    method: 'POST',
    path: 'admin/localizations/:id/upload',
    params: LocalizationIdParamsSchema,
    form: LocalizationFileSchema,
    response: SaveLocalizationLinesResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** A localization's JSON file (GET, an attachment): a plain download link, so not a `call`. */
export const LOCALIZATION_DOWNLOAD_PATH = 'admin/localizations/:id/download';

/** The custom pages section's calls beside the list (server/src/admin/pages/*.routes.ts). */
export const customPagesEndpoints = {
  get: {
    method: 'GET',
    path: 'admin/custom-pages/:id',
    params: CustomPageIdParamsSchema,
    response: AdminCustomPageResponseSchema,
  },
  create: {
    method: 'POST',
    path: 'admin/custom-pages',
    body: SaveCustomPageBodySchema,
    response: AdminCustomPageResponseSchema,
  },
  update: {
    method: 'PUT',
    path: 'admin/custom-pages/:id',
    params: CustomPageIdParamsSchema,
    body: SaveCustomPageBodySchema,
    response: AdminCustomPageResponseSchema,
  },
  delete: {
    method: 'POST',
    path: 'admin/custom-pages/delete',
    body: AdminBulkIdsSchema,
    response: DeleteCustomPagesResponseSchema,
  },
  /** Multipart `file`: an image (at most 5 MB), answered with its address. */
  uploadImage: {
    method: 'POST',
    path: 'admin/custom-pages/images',
    form: UploadCustomPageImageFormSchema,
    response: CustomPageImageResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
