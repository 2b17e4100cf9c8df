/** Node-only helpers the proxy and the server share (they import Node built-ins; browsers never load this entry). */

export {
  type ClientErrorListener,
  clientErrorListener,
  type ParserRefusal,
  type ParserRefusalAnswer,
  resolvedPath,
} from './node/client-error.ts';
export { COMPRESS_THRESHOLD_BYTES, compressed, compressibleType } from './node/compress.ts';
export { listen } from './node/listen.ts';
export { defaultLogFormat, LOG_FORMATS, LOG_REDACT_PATHS, type LogFormat } from './node/logging.ts';
export {
  listenForMetrics,
  type MetricsListener,
  type MetricsSource,
  metricsAnswer,
  metricsAuthorized,
} from './node/metrics-endpoint.ts';
export { OPS_ENV } from './node/ops-env.ts';
export {
  DEFAULT_SHUTDOWN_GRACE_SECONDS,
  exitOnSignals,
  SHUTDOWN_SIGNALS,
  type ShutdownOptions,
  type ShutdownSignal,
} from './node/shutdown.ts';
