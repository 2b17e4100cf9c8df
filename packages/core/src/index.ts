// Every name is re-exported by name, never with `export *`: a bundler that wraps the modules of a
// lazily imported chunk (esbuild without code splitting, as size-limit runs it) evaluates every
// star-exported module, so one `export *` would put all of its schemas into every consumer.

export { type BrandingClient, createBrandingClient } from './branding-client.ts';
export {
  createPortalClient,
  type PortalClient,
  type PortalClientOptions,
} from './clients/portal.ts';
export type { PortalReadOptions } from './clients/portal-read.ts';
export { createV1Client, type V1Client, type V1ClientOptions } from './clients/v1.ts';
export { createV2Client, type V2Client } from './clients/v2.ts';
export type { CreateThread, IdempotentCallOptions, V2ClientOptions } from './clients/v2-options.ts';
export {
  BULK_MAX_IDS,
  DOMAIN_PATTERN,
  EMAIL_PATTERN,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  KEY_PATTERNS,
  MEMBER_ROLES,
  type MemberRole,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  PAIN_LEVELS,
  type PainLevel,
  RATE_LIMIT_HEADERS,
  REQUEST_ID_HEADER,
  THREAD_ORIGINS,
  THREAD_STATES,
  THREAD_TABS,
  type ThreadOrigin,
  type ThreadState,
  type ThreadTab,
  V2_SCOPES,
  type V2Scope,
} from './contract/constants.ts';
export {
  ApiError,
  type ApiErrorInit,
  ForbiddenError,
  IdempotencyConflictError,
  IdempotencyKeyReusedError,
  isApiError,
  isForbiddenError,
  isIdempotencyConflictError,
  isIdempotencyKeyReusedError,
  isNetworkError,
  isNotFoundError,
  isRateLimitedError,
  isRequestValidationError,
  isResponseShapeError,
  isScopeRequiredError,
  isTimeoutError,
  isUnauthenticatedError,
  isUnsupportedKeyVersionError,
  isV1Error,
  isV2Error,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RequestValidationError,
  ResponseShapeError,
  ScopeRequiredError,
  TimeoutError,
  UnauthenticatedError,
  UnsupportedKeyVersionError,
  V1Error,
  V2Error,
} from './contract/errors.ts';
export type { ValidationIssue } from './contract/issues.ts';
export { issueMessage } from './contract/messages.ts';
export { type AnySchema, type SafeParseResult, safeParse, toValidationIssues } from './contract/parse.ts';
export { dateTime as dateTimeSchema, idSchema, isDateTime } from './contract/schemas/common.ts';
export { emailSchema } from './contract/schemas/email.ts';
export {
  type V1ErrorBody,
  type V2ErrorBody,
  v1ErrorBodySchema,
  v2ErrorBodySchema,
} from './contract/schemas/errors.ts';
export { domainSchema } from './contract/schemas/fields.ts';
export {
  booleanQuerySchema,
  getCompanyQuerySchema,
  getThreadQuerySchema,
  idParamsSchema,
  listContactsQuerySchema,
  listThreadsQuerySchema,
  pathIdSchema,
  portalQuerySchema,
  threadIdParamsSchema,
  workspaceParamsSchema,
} from './contract/schemas/params.ts';
export {
  type Issue,
  issueListSchema,
  issueSchema,
  type Project,
  projectListSchema,
  projectSchema,
} from './contract/schemas/portal.ts';
export {
  type Address,
  addressSchema,
  type Company,
  type CompanyDetails,
  type CompanySummary,
  type Contact,
  type ContactList,
  type ConversationItem,
  type CreateContactInput,
  type CustomerNeed,
  companyDetailsSchema,
  companySchema,
  companySummarySchema,
  contactListSchema,
  contactLookupSchema,
  contactSchema,
  conversationItemSchema,
  createContactInputSchema,
  customerNeedSchema,
  type DeleteCompanyResult,
  deleteCompanyResultSchema,
  type ListContactsParams,
  listContactsParamsSchema,
  type Message,
  type MessageAttachment,
  messageAttachmentSchema,
  messageSchema,
  type SendMessageInput,
  type SendMessageResult,
  sendMessageInputSchema,
  sendMessageResultSchema,
  type Tag,
  type ThreadUpdateSummary,
  type TrackerOptions,
  tagSchema,
  threadUpdateSummarySchema,
  trackerOptionsSchema,
  type UpdateCompanyInput,
  type UpdateRoleInput,
  type UpdateRoleResult,
  type UpdateThreadInput,
  type User,
  updateCompanyInputSchema,
  updateRoleInputSchema,
  updateRoleResultSchema,
  updateThreadInputSchema,
  userSchema,
  type V1Thread,
  v1ThreadSchema,
} from './contract/schemas/v1.ts';
export {
  type BulkDeleteInput,
  type BulkResult,
  type BulkUpdateInput,
  type BulkUpdateSet,
  bulkDeleteInputSchema,
  bulkIdsSchema,
  bulkResultSchema,
  bulkUpdateInputSchema,
  bulkUpdateSetSchema,
  type CreateCompanyInput,
  createCompanyInputSchema,
  type Identity,
  type IterateThreadsParams,
  identitySchema,
  iterateThreadsParamsSchema,
  type ListThreadsParams,
  listThreadsParamsSchema,
  type PageInfo,
  pageInfoSchema,
  pageLimitSchema,
  type ThreadFilters,
  type ThreadPage,
  threadFiltersSchema,
  threadPageSchema,
  type V2Company,
  v2CompanySchema,
  v2ScopeSchema,
} from './contract/schemas/v2.ts';
export {
  type CreateThreadInput,
  createThreadInputSchema,
  idempotencyKeySchema,
  type ThreadRow,
  threadRowSchema,
} from './contract/schemas/v2-thread.ts';
export { languageSchema, type Workspace, workspaceSchema } from './contract/schemas/workspace.ts';
export {
  type Changelog,
  changelogSchema,
  type RichTextDoc,
  richTextDocSchema,
  type WorkspaceResponse,
  workspaceResponseSchema,
} from './contract/schemas/workspace-response.ts';
export type { ResponseValidationOptions, ValidationMode } from './contract/validate.ts';
export { createFeedbackClient, type FeedbackClient } from './feedback-client.ts';
export type { CallOptions, RetryOptions, TransportOptions } from './transport/http.ts';
export { newIdempotencyKey } from './transport/idempotency.ts';
export { createWorkspaceClient, type WorkspaceClient } from './workspace-client.ts';
