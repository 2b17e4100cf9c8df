/** The environment variables both CLIs read for operating them, under the same names. */
export const OPS_ENV = {
  /** `json` or `pretty`; default pretty at a terminal, else json. */
  logFormat: 'HEARKEN_LOG_FORMAT',
  /** Serve /metrics on this port of its own instead of beside the API. */
  metricsPort: 'HEARKEN_METRICS_PORT',
  /** Bearer token /metrics asks for. */
  metricsToken: 'HEARKEN_METRICS_TOKEN',
  /** Seconds a SIGTERM or SIGINT lets requests in flight finish. */
  shutdownGrace: 'HEARKEN_SHUTDOWN_GRACE_SECONDS',
} as const;
