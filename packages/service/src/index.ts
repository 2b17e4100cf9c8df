/** What running a Node service takes, shared by the server and the proxy (private: both bundle it). */
export { type CliParse, runCli, type ServiceCli, type StoppableService } from './cli.ts';
export {
  type ClientErrorListener,
  clientErrorListener,
  type ParserRefusal,
  type ParserRefusalAnswer,
  resolvedPath,
} from './client-error.ts';
export { COMPRESS_THRESHOLD_BYTES, compressed, compressibleType } from './compress.ts';
export { listen } from './listen.ts';
export {
  createLogger,
  defaultLogFormat,
  LOG_FORMATS,
  LOG_REDACT_PATHS,
  type LogFormat,
  type Logger,
  type LoggerOptions,
} from './logger.ts';
export {
  type Collectors,
  createRegistry,
  type GaugeExtras,
  LATENCY_BUCKETS,
  listenForMetrics,
  type MetricOf,
  type MetricSpec,
  type Metrics,
  type MetricsListener,
  type MetricsSource,
  type MetricTable,
  metricsAnswer,
  metricsAuthorized,
  metricsFrom,
  metricsIn,
  type RequestRecorder,
  requestMetrics,
} from './metrics.ts';
export { OPS_ENV } from './ops-env.ts';
export {
  DEFAULT_SHUTDOWN_GRACE_SECONDS,
  exitOnSignals,
  SHUTDOWN_SIGNALS,
  type ShutdownOptions,
  type ShutdownSignal,
} from './shutdown.ts';
