export * from './constants.ts';
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
} from './errors.ts';
export { createFeedbackClient, type FeedbackClient } from './feedback-client.ts';
export { newIdempotencyKey } from './idempotency.ts';
export { describeIssue, formatPath, toValidationIssues, type ValidationIssue } from './issues.ts';
export {
  createPortalClient,
  type PortalClient,
  type PortalClientOptions,
  type PortalReadOptions,
} from './portal-client.ts';
export * from './schemas/errors.ts';
export * from './schemas/fields.ts';
export * from './schemas/portal.ts';
export * from './schemas/v1.ts';
export * from './schemas/v2.ts';
export type { CallOptions, RetryOptions, TransportOptions } from './transport.ts';
export { createV1Client, type V1Client, type V1ClientOptions } from './v1-client.ts';
export { createV2Client, type V2Client } from './v2-client.ts';
export type { CreateThread, IdempotentCallOptions, V2ClientOptions } from './v2-threads-create.ts';
export type { ResponseValidationOptions, ValidationMode } from './validate.ts';
