import type { z } from 'zod';
import {
  ListQueueQuerySchema,
  ListQueueResponseSchema,
  QueueJobParamsSchema,
  QueueJobResponseSchema,
} from './admin-queue.ts';
import { ShareSuggestionsQuerySchema, ShareSuggestionsResponseSchema } from './shares.ts';
import {
  CreateAccessTokenBodySchema,
  CreateAccessTokenResponseSchema,
  DeleteAccessTokenParamsSchema,
  DeleteUserBodySchema,
  GetUserResponseSchema,
  ListUserSessionsResponseSchema,
  UpdateUserBodySchema,
  UploadAvatarBodySchema,
  UserIdParamsSchema,
} from './account.ts';
import {
  ChallengeTwoFactorBodySchema,
  ChallengeTwoFactorResponseSchema,
  ConfirmPasswordBodySchema,
  ConfirmTwoFactorBodySchema,
  ConnectSocialBodySchema,
  ConnectSocialResponseSchema,
  GetPasswordConfirmationQuerySchema,
  GetPasswordConfirmationResponseSchema,
  GetTwoFactorQrCodeResponseSchema,
  LoginUserBodySchema,
  LoginUserResponseSchema,
  LogoutOtherSessionsBodySchema,
  LogoutUserResponseSchema,
  MessageResponseSchema,
  RegisterUserBodySchema,
  RegisterUserResponseSchema,
  ResendEmailVerificationBodySchema,
  ResetPasswordBodySchema,
  SendPasswordResetBodySchema,
  SocialServiceParamsSchema,
  UpdatePasswordBodySchema,
  VerifyEmailBodySchema,
  VerifyRecaptchaBodySchema,
  VerifyRecaptchaResponseSchema,
} from './auth.ts';
import { GetAdminReportQuerySchema, GetAdminReportResponseSchema } from './admin-report.ts';
import { ListAdminPlansResponseSchema, ReorderPlansBodySchema, SyncPlansResponseSchema } from './admin-plans.ts';
import {
  AdminCouponResponseSchema,
  AdminCouponsPageSchema,
  AdminCouponsQuerySchema,
  CouponIdParamsSchema,
  CreateCouponBodySchema,
  SyncCouponsResponseSchema,
  UpdateCouponBodySchema,
} from './admin-coupons.ts';
import {
  AdminRoleIdParamsSchema,
  AdminRoleResponseSchema,
  ChangeAdminRoleUsersBodySchema,
  ChangeAdminRoleUsersResponseSchema,
  ListAdminPermissionsResponseSchema,
  ListAdminRoleCandidatesQuerySchema,
  ListAdminRoleCandidatesResponseSchema,
  ListAdminRoleUsersQuerySchema,
  ListAdminRoleUsersResponseSchema,
  ListAdminRolesQuerySchema,
  ListAdminRolesResponseSchema,
  SaveAdminRoleBodySchema,
} from './admin-roles.ts';
import {
  ListProductsQuerySchema,
  ListProductsResponseSchema,
  ProductIdParamsSchema,
  ProductResponseSchema,
  SaveProductBodySchema,
} from './billing.ts';
import { BootstrapDataSchema } from './bootstrap.ts';
import {
  ChangePlanBodySchema,
  ChangePlanConfirmBodySchema,
  ChangePlanResponseSchema,
  PlanChangePreviewResponseSchema,
} from './plan-change.ts';
import {
  BillingGatewaysResponseSchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  ConfirmPayPalCheckoutBodySchema,
  ConfirmStripeCheckoutBodySchema,
  CurrentSubscriptionResponseSchema,
  GetInvoiceResponseSchema,
  InvoiceIdParamsSchema,
  ListInvoicesQuerySchema,
  ListInvoicesResponseSchema,
  SubscriptionResponseSchema,
} from './subscriptions.ts';
import {
  CopyEntriesBodySchema,
  CreateFolderBodySchema,
  BulkEntriesBodySchema,
  BulkEntriesResponseSchema,
  DeleteEntriesBodySchema,
  DeleteEntriesResponseSchema,
  EmptyTrashResponseSchema,
  EntryHashParamsSchema,
  EntryIdParamsSchema,
  EntryIdsBodySchema,
  FileEntriesResponseSchema,
  FileEntryPageSchema,
  FileEntryResponseSchema,
  FolderPathResponseSchema,
  ListFileEntriesQuerySchema,
  MoveEntriesBodySchema,
  RenameEntryBodySchema,
  SpaceUsageSchema,
} from './drive.ts';
import { SendEnquiryBodySchema, SendEnquiryResponseSchema } from './enquiries.ts';
import {
  ChangeLocaleBodySchema,
  ChangeLocaleResponseSchema,
  EmptyResponseSchema,
  GetCustomPageParamsSchema,
  GetCustomPageResponseSchema,
  GetValueListsParamsSchema,
  GetValueListsQuerySchema,
  ValueListsSchema,
} from './misc.ts';
import {
  DeletePushSubscriptionBodySchema,
  MarkAsReadBodySchema,
  NotificationSubscriptionsSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  PushSubscriptionBodySchema,
  UnreadCountSchema,
  UpdateSubscriptionsBodySchema,
} from './notifications.ts';
import {
  EntrySharesResponseSchema,
  LeaveSharesBodySchema,
  LeaveSharesResponseSchema,
  LinkHashParamsSchema,
  SaveLinkToDriveBodySchema,
  SaveShareableLinkBodySchema,
  ShareableLinkPageQuerySchema,
  ShareableLinkPageSchema,
  ShareableLinkResponseSchema,
  ShareEntriesBodySchema,
  ShareEntriesResponseSchema,
  ShareIdParamsSchema,
  ShareResponseSchema,
  UpdateShareBodySchema,
} from './shares.ts';
import {
  CompleteS3MultipartBodySchema,
  CompleteS3MultipartResponseSchema,
  CreateS3EntryBodySchema,
  CreateS3MultipartBodySchema,
  CreateS3MultipartResponseSchema,
  CreateTusEntryBodySchema,
  PresignS3UploadBodySchema,
  PresignS3UploadResponseSchema,
  S3MultipartRefBodySchema,
  S3UploadedPartsResponseSchema,
  SignS3PartsBodySchema,
  SignS3PartsResponseSchema,
  UploadEntryResponseSchema,
} from './uploads.ts';
import {
  ChangeMemberRoleBodySchema,
  InviteMembersBodySchema,
  InviteMembersResponseSchema,
  SaveWorkspaceBodySchema,
  WorkspaceDetailsResponseSchema,
  WorkspaceIdParamsSchema,
  WorkspaceInviteOfParamsSchema,
  WorkspaceInviteParamsSchema,
  WorkspaceMemberParamsSchema,
  WorkspaceResponseSchema,
  WorkspacesResponseSchema,
  RememberWorkspaceBodySchema,
} from './workspaces.ts';
import {
  AttachTagsBodySchema,
  DetachTagsBodySchema,
  TagSuggestionsQuerySchema,
  TagSuggestionsResponseSchema,
} from './tags.ts';

// The table of the calls the web app makes: for each, the method, the path as the client writes it
// (spec part 1, 7.1: no leading slash, api/v1 added unless the path is unprefixed; `:name` is a path
// parameter) and the very schema objects the server's route declares. The web client calls through
// it and the server's endpoint test checks every entry against the registered routes, so a renamed
// field or path fails the typecheck or that test on both sides.

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointDefinition = {
  method: EndpointMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Fields of a multipart/form-data body, which the route parses itself (no body schema). */
  form?: z.ZodType;
  /** The success answer (200 or 201) the route serialises; absent: no JSON answer (204). */
  response?: z.ZodType;
  /** A GET the spec gives that changes state: the client sends the XSRF header with it as on a POST. */
  changesState?: true;
};

const endpoint = <const E extends EndpointDefinition>(definition: E): E => definition;

export const endpoints = {
  // Shell (part 1, 7.2)
  getBootstrapData: endpoint({ method: 'GET', path: 'bootstrap-data', response: BootstrapDataSchema }),
  getCustomPage: endpoint({
    method: 'GET',
    path: 'custom-pages/:idOrSlug',
    params: GetCustomPageParamsSchema,
    response: GetCustomPageResponseSchema,
  }),
  getValueLists: endpoint({
    method: 'GET',
    path: 'value-lists/:names',
    params: GetValueListsParamsSchema,
    query: GetValueListsQuerySchema,
    response: ValueListsSchema,
  }),
  // Public site (part 2, 7 "Commercial")
  listProducts: endpoint({
    method: 'GET',
    path: 'billing/products',
    query: ListProductsQuerySchema,
    response: ListProductsResponseSchema,
  }),
  createProduct: endpoint({
    method: 'POST',
    path: 'billing/products',
    body: SaveProductBodySchema,
    response: ProductResponseSchema,
  }),
  updateProduct: endpoint({
    method: 'PUT',
    path: 'billing/products/:productId',
    params: ProductIdParamsSchema,
    body: SaveProductBodySchema,
    response: ProductResponseSchema,
  }),
  deleteProduct: endpoint({ method: 'DELETE', path: 'billing/products/:productId', params: ProductIdParamsSchema }),
  // Checkout and billing (spec part 2, 2 "Checkout and payment routes", "Billing routes")
  listBillingGateways: endpoint({ method: 'GET', path: 'billing/gateways', response: BillingGatewaysResponseSchema }),
  startCheckout: endpoint({
    method: 'POST',
    path: 'billing/checkout',
    body: CheckoutBodySchema,
    response: CheckoutResponseSchema,
  }),
  confirmStripeCheckout: endpoint({
    method: 'POST',
    path: 'billing/checkout/stripe/confirm',
    body: ConfirmStripeCheckoutBodySchema,
    response: SubscriptionResponseSchema,
  }),
  confirmPayPalCheckout: endpoint({
    method: 'POST',
    path: 'billing/checkout/paypal/confirm',
    body: ConfirmPayPalCheckoutBodySchema,
    response: SubscriptionResponseSchema,
  }),
  getCurrentSubscription: endpoint({
    method: 'GET',
    path: 'billing/subscription',
    response: CurrentSubscriptionResponseSchema,
  }),
  cancelSubscription: endpoint({
    method: 'POST',
    path: 'billing/subscription/cancel',
    response: SubscriptionResponseSchema,
  }),
  previewPlanChange: endpoint({
    method: 'POST',
    path: 'billing/subscription/change-plan/preview',
    body: ChangePlanBodySchema,
    response: PlanChangePreviewResponseSchema,
  }),
  changePlan: endpoint({
    method: 'POST',
    path: 'billing/subscription/change-plan',
    body: ChangePlanConfirmBodySchema,
    response: ChangePlanResponseSchema,
  }),
  confirmPayPalPlanChange: endpoint({
    method: 'POST',
    path: 'billing/subscription/change-plan/paypal/confirm',
    body: ConfirmPayPalCheckoutBodySchema,
    response: SubscriptionResponseSchema,
  }),
  startPaymentMethodChange: endpoint({
    method: 'POST',
    path: 'billing/payment-method',
    response: CheckoutResponseSchema,
  }),
  confirmPaymentMethodChange: endpoint({
    method: 'POST',
    path: 'billing/payment-method/confirm',
    body: ConfirmStripeCheckoutBodySchema,
    response: SubscriptionResponseSchema,
  }),
  resumeSubscription: endpoint({
    method: 'POST',
    path: 'billing/subscription/resume',
    response: SubscriptionResponseSchema,
  }),
  listInvoices: endpoint({
    method: 'GET',
    path: 'billing/invoices',
    query: ListInvoicesQuerySchema,
    response: ListInvoicesResponseSchema,
  }),
  getInvoice: endpoint({
    method: 'GET',
    path: 'billing/invoices/:invoiceId',
    params: InvoiceIdParamsSchema,
    response: GetInvoiceResponseSchema,
  }),
  sendContactEnquiry: endpoint({
    method: 'POST',
    path: 'contact-page',
    body: SendEnquiryBodySchema,
    response: SendEnquiryResponseSchema,
  }),
  sendResellerEnquiry: endpoint({
    method: 'POST',
    path: 'reseller',
    body: SendEnquiryBodySchema,
    response: SendEnquiryResponseSchema,
  }),
  changeLocale: endpoint({
    method: 'POST',
    path: 'users/me/locale',
    body: ChangeLocaleBodySchema,
    response: ChangeLocaleResponseSchema,
  }),

  // Sign-in, registration, passwords (part 1, 2.3-2.5)
  login: endpoint({ method: 'POST', path: 'auth/login', body: LoginUserBodySchema, response: LoginUserResponseSchema }),
  challengeTwoFactor: endpoint({
    method: 'POST',
    path: 'auth/two-factor-challenge',
    body: ChallengeTwoFactorBodySchema,
    response: ChallengeTwoFactorResponseSchema,
  }),
  register: endpoint({
    method: 'POST',
    path: 'auth/register',
    body: RegisterUserBodySchema,
    response: RegisterUserResponseSchema,
  }),
  logout: endpoint({ method: 'POST', path: 'auth/logout', response: LogoutUserResponseSchema }),
  sendPasswordReset: endpoint({
    method: 'POST',
    path: 'auth/forgot-password',
    body: SendPasswordResetBodySchema,
    response: MessageResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'auth/reset-password',
    body: ResetPasswordBodySchema,
    response: MessageResponseSchema,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: 'validate-email-verification-otp',
    body: VerifyEmailBodySchema,
    response: MessageResponseSchema,
  }),
  resendEmailVerification: endpoint({
    method: 'POST',
    path: 'resend-email-verification',
    body: ResendEmailVerificationBodySchema,
    response: MessageResponseSchema,
  }),
  verifyRecaptcha: endpoint({
    method: 'POST',
    path: 'recaptcha/verify',
    body: VerifyRecaptchaBodySchema,
    response: VerifyRecaptchaResponseSchema,
  }),
  connectSocial: endpoint({
    method: 'POST',
    path: 'secure/auth/social/connect',
    body: ConnectSocialBodySchema,
    response: ConnectSocialResponseSchema,
  }),
  disconnectSocial: endpoint({
    method: 'POST',
    path: 'secure/auth/social/:service/disconnect',
    params: SocialServiceParamsSchema,
    response: MessageResponseSchema,
  }),

  // Account settings (part 1, 2.7)
  getMe: endpoint({ method: 'GET', path: 'me', response: GetUserResponseSchema }),
  getUser: endpoint({ method: 'GET', path: 'users/:id', params: UserIdParamsSchema, response: GetUserResponseSchema }),
  updateUser: endpoint({
    method: 'PUT',
    path: 'users/:id',
    params: UserIdParamsSchema,
    body: UpdateUserBodySchema,
    response: GetUserResponseSchema,
  }),
  skipProfile: endpoint({ method: 'PUT', path: 'users/skipCounter', response: MessageResponseSchema }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: 'users/:id',
    params: UserIdParamsSchema,
    body: DeleteUserBodySchema,
    response: MessageResponseSchema,
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: 'users/:id/avatar',
    params: UserIdParamsSchema,
    form: UploadAvatarBodySchema,
    response: GetUserResponseSchema,
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: 'users/:id/avatar',
    params: UserIdParamsSchema,
    response: GetUserResponseSchema,
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: 'auth/user/password',
    body: UpdatePasswordBodySchema,
    response: MessageResponseSchema,
  }),
  getPasswordConfirmation: endpoint({
    method: 'GET',
    path: 'auth/user/confirmed-password-status',
    query: GetPasswordConfirmationQuerySchema,
    response: GetPasswordConfirmationResponseSchema,
  }),
  confirmPassword: endpoint({
    method: 'POST',
    path: 'auth/user/confirm-password',
    body: ConfirmPasswordBodySchema,
    response: MessageResponseSchema,
  }),
  enableTwoFactor: endpoint({
    method: 'POST',
    path: 'auth/user/two-factor-authentication',
    response: MessageResponseSchema,
  }),
  disableTwoFactor: endpoint({
    method: 'DELETE',
    path: 'auth/user/two-factor-authentication',
    response: MessageResponseSchema,
  }),
  getTwoFactorQrCode: endpoint({
    method: 'GET',
    path: 'auth/user/two-factor/qr-code',
    response: GetTwoFactorQrCodeResponseSchema,
  }),
  confirmTwoFactor: endpoint({
    method: 'POST',
    path: 'auth/user/confirmed-two-factor-authentication',
    body: ConfirmTwoFactorBodySchema,
    response: MessageResponseSchema,
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: 'auth/user/two-factor-recovery-codes',
    response: MessageResponseSchema,
  }),
  listUserSessions: endpoint({ method: 'GET', path: 'user-sessions', response: ListUserSessionsResponseSchema }),
  logoutOtherSessions: endpoint({
    method: 'POST',
    path: 'user-sessions/logout-other',
    body: LogoutOtherSessionsBodySchema,
    response: MessageResponseSchema,
  }),
  createAccessToken: endpoint({
    method: 'POST',
    path: 'access-tokens',
    body: CreateAccessTokenBodySchema,
    response: CreateAccessTokenResponseSchema,
  }),
  deleteAccessToken: endpoint({
    method: 'DELETE',
    path: 'access-tokens/:id',
    params: DeleteAccessTokenParamsSchema,
    response: MessageResponseSchema,
  }),

  // Notifications (part 1, 7.2)
  listNotifications: endpoint({
    method: 'GET',
    path: 'notifications',
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
  }),
  markNotificationsAsRead: endpoint({
    method: 'POST',
    path: 'notifications/mark-as-read',
    body: MarkAsReadBodySchema,
    response: UnreadCountSchema,
  }),
  clearNotifications: endpoint({ method: 'DELETE', path: 'notifications/clear', response: EmptyResponseSchema }),
  getNotificationSubscriptions: endpoint({
    method: 'GET',
    path: 'notifications/me/subscriptions',
    response: NotificationSubscriptionsSchema,
  }),
  updateNotificationSubscriptions: endpoint({
    method: 'PUT',
    path: 'notifications/me/subscriptions',
    body: UpdateSubscriptionsBodySchema,
    response: EmptyResponseSchema,
  }),
  addPushSubscription: endpoint({
    method: 'POST',
    path: 'notifications/push-subscriptions',
    body: PushSubscriptionBodySchema,
    response: EmptyResponseSchema,
  }),
  deletePushSubscription: endpoint({
    method: 'DELETE',
    path: 'notifications/push-subscriptions',
    body: DeletePushSubscriptionBodySchema,
    response: EmptyResponseSchema,
  }),

  // Workspaces (part 1, 2.8)
  listWorkspaces: endpoint({ method: 'GET', path: 'me/workspaces', response: WorkspacesResponseSchema }),
  rememberWorkspace: endpoint({ method: 'PUT', path: 'me/workspace', body: RememberWorkspaceBodySchema }),
  createWorkspace: endpoint({
    method: 'POST',
    path: 'workspace',
    body: SaveWorkspaceBodySchema,
    response: WorkspaceResponseSchema,
  }),
  getWorkspace: endpoint({
    method: 'GET',
    path: 'workspace/:id',
    params: WorkspaceIdParamsSchema,
    response: WorkspaceDetailsResponseSchema,
  }),
  updateWorkspace: endpoint({
    method: 'PUT',
    path: 'workspace/:id',
    params: WorkspaceIdParamsSchema,
    body: SaveWorkspaceBodySchema,
    response: WorkspaceResponseSchema,
  }),
  deleteWorkspace: endpoint({
    method: 'DELETE',
    path: 'workspace/:id',
    params: WorkspaceIdParamsSchema,
    response: EmptyResponseSchema,
  }),
  inviteMembers: endpoint({
    method: 'POST',
    path: 'workspace/:id/invite',
    params: WorkspaceIdParamsSchema,
    body: InviteMembersBodySchema,
    response: InviteMembersResponseSchema,
  }),
  cancelInvite: endpoint({
    method: 'DELETE',
    path: 'workspace/:id/invite/:inviteId',
    params: WorkspaceInviteOfParamsSchema,
    response: EmptyResponseSchema,
  }),
  changeMemberRole: endpoint({
    method: 'PUT',
    path: 'workspace/:id/member/:userId',
    params: WorkspaceMemberParamsSchema,
    body: ChangeMemberRoleBodySchema,
    response: WorkspaceDetailsResponseSchema,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: 'workspace/:id/member/:userId',
    params: WorkspaceMemberParamsSchema,
    response: EmptyResponseSchema,
  }),
  leaveWorkspace: endpoint({
    method: 'POST',
    path: 'workspace/:id/leave',
    params: WorkspaceIdParamsSchema,
    response: EmptyResponseSchema,
  }),
  joinWorkspace: endpoint({
    method: 'GET',
    path: 'workspace/join/:inviteId',
    params: WorkspaceInviteParamsSchema,
    response: WorkspaceResponseSchema,
    changesState: true,
  }),
  declineInvite: endpoint({
    method: 'DELETE',
    path: 'workspace/invite/:inviteId',
    params: WorkspaceInviteParamsSchema,
    response: EmptyResponseSchema,
  }),

  // Drive (part 2, 2, 3 and 7)
  listFileEntries: endpoint({
    method: 'GET',
    path: 'drive/file-entries',
    query: ListFileEntriesQuerySchema,
    response: FileEntryPageSchema,
  }),
  getFolderPath: endpoint({
    method: 'GET',
    path: 'drive/folders/:hash/path',
    params: EntryHashParamsSchema,
    response: FolderPathResponseSchema,
  }),
  getSpaceUsage: endpoint({ method: 'GET', path: 'user/space-usage', response: SpaceUsageSchema }),
  createFolder: endpoint({
    method: 'POST',
    path: 'folders',
    body: CreateFolderBodySchema,
    response: FileEntryResponseSchema,
  }),
  renameEntry: endpoint({
    method: 'PUT',
    path: 'file-entries/:entryId',
    params: EntryIdParamsSchema,
    body: RenameEntryBodySchema,
    response: FileEntryResponseSchema,
  }),
  moveEntries: endpoint({
    method: 'POST',
    path: 'file-entries/move',
    body: MoveEntriesBodySchema,
    response: FileEntriesResponseSchema,
  }),
  copyEntries: endpoint({
    method: 'POST',
    path: 'file-entries/copy',
    body: CopyEntriesBodySchema,
    response: FileEntriesResponseSchema,
  }),
  starEntries: endpoint({
    method: 'POST',
    path: 'file-entries/star',
    body: EntryIdsBodySchema,
    response: FileEntriesResponseSchema,
  }),
  unstarEntries: endpoint({
    method: 'POST',
    path: 'file-entries/unstar',
    body: EntryIdsBodySchema,
    response: FileEntriesResponseSchema,
  }),
  attachTags: endpoint({
    method: 'POST',
    path: 'file-entries/tags',
    body: AttachTagsBodySchema,
    response: FileEntriesResponseSchema,
  }),
  detachTags: endpoint({
    method: 'POST',
    path: 'file-entries/tags/remove',
    body: DetachTagsBodySchema,
    response: FileEntriesResponseSchema,
  }),
  suggestTags: endpoint({
    method: 'GET',
    path: 'tags',
    query: TagSuggestionsQuerySchema,
    response: TagSuggestionsResponseSchema,
  }),
  bulkEntries: endpoint({
    method: 'POST',
    path: 'file-entries/bulk',
    body: BulkEntriesBodySchema,
    response: BulkEntriesResponseSchema,
  }),
  deleteEntries: endpoint({
    method: 'POST',
    path: 'file-entries/delete',
    body: DeleteEntriesBodySchema,
    response: DeleteEntriesResponseSchema,
  }),
  restoreEntries: endpoint({
    method: 'POST',
    path: 'file-entries/restore',
    body: EntryIdsBodySchema,
    response: FileEntriesResponseSchema,
  }),
  emptyTrash: endpoint({ method: 'POST', path: 'file-entries/empty-trash', response: EmptyTrashResponseSchema }),

  // Sharing (part 2, 2, 3 and 7)
  shareSuggestions: endpoint({
    method: 'GET',
    path: 'file-entries/shares/suggestions',
    query: ShareSuggestionsQuerySchema,
    response: ShareSuggestionsResponseSchema,
  }),
  listEntryShares: endpoint({
    method: 'GET',
    path: 'file-entries/:entryId/shares',
    params: EntryIdParamsSchema,
    response: EntrySharesResponseSchema,
  }),
  shareEntries: endpoint({
    method: 'POST',
    path: 'file-entries/shares',
    body: ShareEntriesBodySchema,
    response: ShareEntriesResponseSchema,
  }),
  updateShare: endpoint({
    method: 'PUT',
    path: 'file-entries/shares/:shareId',
    params: ShareIdParamsSchema,
    body: UpdateShareBodySchema,
    response: ShareResponseSchema,
  }),
  removeShare: endpoint({ method: 'DELETE', path: 'file-entries/shares/:shareId', params: ShareIdParamsSchema }),
  leaveShares: endpoint({
    method: 'POST',
    path: 'file-entries/shares/leave',
    body: LeaveSharesBodySchema,
    response: LeaveSharesResponseSchema,
  }),
  getShareableLink: endpoint({
    method: 'GET',
    path: 'file-entries/:entryId/shareable-link',
    params: EntryIdParamsSchema,
    response: ShareableLinkResponseSchema,
  }),
  createShareableLink: endpoint({
    method: 'POST',
    path: 'file-entries/:entryId/shareable-link',
    params: EntryIdParamsSchema,
    body: SaveShareableLinkBodySchema,
    response: ShareableLinkResponseSchema,
  }),
  updateShareableLink: endpoint({
    method: 'PUT',
    path: 'file-entries/:entryId/shareable-link',
    params: EntryIdParamsSchema,
    body: SaveShareableLinkBodySchema,
    response: ShareableLinkResponseSchema,
  }),
  deleteShareableLink: endpoint({
    method: 'DELETE',
    path: 'file-entries/:entryId/shareable-link',
    params: EntryIdParamsSchema,
  }),
  getShareableLinkPage: endpoint({
    method: 'GET',
    path: 'shareable-links/:hash',
    params: LinkHashParamsSchema,
    query: ShareableLinkPageQuerySchema,
    response: ShareableLinkPageSchema,
  }),
  saveLinkToDrive: endpoint({
    method: 'POST',
    path: 'shareable-links/:hash/save',
    params: LinkHashParamsSchema,
    body: SaveLinkToDriveBodySchema,
    response: FileEntriesResponseSchema,
  }),

  // Uploads (part 2, 4, 7 and 9)
  uploadFile: endpoint({ method: 'POST', path: 'file-entries', response: FileEntryResponseSchema }),
  createTusEntry: endpoint({
    method: 'POST',
    path: 'tus/entries',
    body: CreateTusEntryBodySchema,
    response: UploadEntryResponseSchema,
  }),
  presignS3Upload: endpoint({
    method: 'POST',
    path: 's3/simple/presign',
    body: PresignS3UploadBodySchema,
    response: PresignS3UploadResponseSchema,
  }),
  createS3Entry: endpoint({
    method: 'POST',
    path: 's3/entries',
    body: CreateS3EntryBodySchema,
    response: UploadEntryResponseSchema,
  }),
  createS3Multipart: endpoint({
    method: 'POST',
    path: 's3/multipart/create',
    body: CreateS3MultipartBodySchema,
    response: CreateS3MultipartResponseSchema,
  }),
  getS3UploadedParts: endpoint({
    method: 'POST',
    path: 's3/multipart/get-uploaded-parts',
    body: S3MultipartRefBodySchema,
    response: S3UploadedPartsResponseSchema,
  }),
  signS3Parts: endpoint({
    method: 'POST',
    path: 's3/multipart/batch-sign-part-urls',
    body: SignS3PartsBodySchema,
    response: SignS3PartsResponseSchema,
  }),
  completeS3Multipart: endpoint({
    method: 'POST',
    path: 's3/multipart/complete',
    body: CompleteS3MultipartBodySchema,
    response: CompleteS3MultipartResponseSchema,
  }),
  abortS3Multipart: endpoint({ method: 'POST', path: 's3/multipart/abort', body: S3MultipartRefBodySchema }),
  // Admin area (part 2, admin): the report of the /admin index screen.
  getAdminReport: endpoint({
    method: 'GET',
    path: 'admin/report',
    query: GetAdminReportQuerySchema,
    response: GetAdminReportResponseSchema,
  }),
  // Admin area (part 2, 2 "Admin area"): roles, their users, and the permission catalog.
  listAdminPermissions: endpoint({
    method: 'GET',
    path: 'admin/permissions',
    response: ListAdminPermissionsResponseSchema,
  }),
  listAdminRoles: endpoint({
    method: 'GET',
    path: 'admin/roles',
    query: ListAdminRolesQuerySchema,
    response: ListAdminRolesResponseSchema,
  }),
  getAdminRole: endpoint({
    method: 'GET',
    path: 'admin/roles/:roleId',
    params: AdminRoleIdParamsSchema,
    response: AdminRoleResponseSchema,
  }),
  createAdminRole: endpoint({
    method: 'POST',
    path: 'admin/roles',
    body: SaveAdminRoleBodySchema,
    response: AdminRoleResponseSchema,
  }),
  updateAdminRole: endpoint({
    method: 'PUT',
    path: 'admin/roles/:roleId',
    params: AdminRoleIdParamsSchema,
    body: SaveAdminRoleBodySchema,
    response: AdminRoleResponseSchema,
  }),
  deleteAdminRole: endpoint({ method: 'DELETE', path: 'admin/roles/:roleId', params: AdminRoleIdParamsSchema }),
  listAdminRoleUsers: endpoint({
    method: 'GET',
    path: 'admin/roles/:roleId/users',
    params: AdminRoleIdParamsSchema,
    query: ListAdminRoleUsersQuerySchema,
    response: ListAdminRoleUsersResponseSchema,
  }),
  listAdminRoleCandidates: endpoint({
    method: 'GET',
    path: 'admin/roles/:roleId/candidates',
    params: AdminRoleIdParamsSchema,
    query: ListAdminRoleCandidatesQuerySchema,
    response: ListAdminRoleCandidatesResponseSchema,
  }),
  addAdminRoleUsers: endpoint({
    method: 'POST',
    path: 'admin/roles/:roleId/users',
    params: AdminRoleIdParamsSchema,
    body: ChangeAdminRoleUsersBodySchema,
    response: ChangeAdminRoleUsersResponseSchema,
  }),
  removeAdminRoleUsers: endpoint({
    method: 'POST',
    path: 'admin/roles/:roleId/users/remove',
    params: AdminRoleIdParamsSchema,
    body: ChangeAdminRoleUsersBodySchema,
    response: ChangeAdminRoleUsersResponseSchema,
  }),
  // Settings' Queue tab (part 2, 2): the jobs table (the gateways' webhook events) and retries.
  listQueue: endpoint({
    method: 'GET',
    path: 'admin/queue',
    query: ListQueueQuerySchema,
    response: ListQueueResponseSchema,
  }),
  retryQueueJob: endpoint({
    method: 'POST',
    path: 'admin/queue/:jobId/retry',
    params: QueueJobParamsSchema,
    response: QueueJobResponseSchema,
  }),
  // Admin area (part 2, 2 "Admin area"): plans, hidden ones too, their order and their sync with Stripe.
  listAdminPlans: endpoint({ method: 'GET', path: 'admin/plans', response: ListAdminPlansResponseSchema }),
  reorderAdminPlans: endpoint({ method: 'PUT', path: 'admin/plans/positions', body: ReorderPlansBodySchema }),
  syncAdminPlans: endpoint({ method: 'POST', path: 'admin/plans/sync', response: SyncPlansResponseSchema }),
  // Admin area (part 2, 2 "Discount"): coupons, each a Stripe coupon with one promotion code.
  listCoupons: endpoint({
    method: 'GET',
    path: 'billing/coupons',
    query: AdminCouponsQuerySchema,
    response: AdminCouponsPageSchema,
  }),
  createCoupon: endpoint({
    method: 'POST',
    path: 'billing/coupons',
    body: CreateCouponBodySchema,
    response: AdminCouponResponseSchema,
  }),
  updateCoupon: endpoint({
    method: 'PUT',
    path: 'billing/coupons/:couponId',
    params: CouponIdParamsSchema,
    body: UpdateCouponBodySchema,
    response: AdminCouponResponseSchema,
  }),
  deleteCoupon: endpoint({ method: 'DELETE', path: 'billing/coupons/:couponId', params: CouponIdParamsSchema }),
  syncCoupons: endpoint({ method: 'POST', path: 'billing/coupons/sync', response: SyncCouponsResponseSchema }),
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The names of a path's `:params`: `workspace/:id/member/:userId` -> 'id' | 'userId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a client sends as query: the schema's input, except that coerced fields (whose input zod
 * types as unknown) take the type they coerce to.
 */
export type EndpointQueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K]
    ? (K extends keyof z.output<S> ? z.output<S>[K] : never) | undefined
    : z.input<S>[K];
};

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** The path parameters, query, body and answer of one endpoint, from the schemas in its entry. */
export type EndpointParams<E extends EndpointDefinition> = Record<PathParamNames<E['path']>, string | number>;
export type EndpointQuery<E extends EndpointDefinition> = EndpointQueryInput<Part<E, 'query'>>;
export type EndpointBody<E extends EndpointDefinition> = z.input<Part<E, 'body'>>;
export type EndpointForm<E extends EndpointDefinition> = z.input<Part<E, 'form'>>;
export type EndpointResponse<E extends EndpointDefinition> = E extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
