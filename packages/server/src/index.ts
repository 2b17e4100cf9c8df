/** The compression the server answers with, for a host serving Hearken's files from its own Node listener. */
export { compressed } from '@hearken/service';
export { type CreateServerOptions, createServer, type WebhookServerOptions } from './app.ts';
export { type Db, type OpenDatabaseOptions, openDatabase } from './db/open.ts';
export { DEFAULT_RETRY_SCHEDULE, type RetrySchedule } from './db/retry-schedule.ts';
export { MAX_BODY_BYTES } from './http/body-limit.ts';
export { type KeyCacheOptions, REVOCATION_CHANNEL, type RevocationChannel } from './http/key-cache.ts';
export type { RateLimitOptions } from './http/rate-limit.ts';
export { hashSecret } from './keys.ts';
export {
  DEFAULT_MAIL_FROM,
  MAIL_ENV,
  type MailWorker,
  type MailWorkerOptions,
  startMailWorker,
} from './mail/worker.ts';
export {
  DEFAULT_HELD_RETENTION_DAYS,
  deleteExpiredHeld,
  type HeldRetention,
  type HeldRetentionOptions,
  startHeldRetention,
} from './moderation/held-retention.ts';
export { createLogger, type Logger, type LoggerOptions } from './ops/logger.ts';
export { createServerMetrics, type ServerMetrics } from './ops/metrics.ts';
export type { OperateOptions } from './ops/options.ts';
export { DEMO_UNPUBLISHED_WORKSPACE_ID, DEMO_WORKSPACE_ID, type SeedResult, seedDemo } from './seed/demo.ts';
export { type CloseOptions, type RunningServer, type StartServerOptions, startServer } from './start.ts';
export { type DeliveryWorker, type DeliveryWorkerOptions, startDeliveryWorker } from './webhooks/delivery-worker.ts';
