import type { Logger } from './logger.ts';
import type { ServerMetrics } from './metrics.ts';

/** What `createServer` does for operators beyond /healthz and /readyz, which it always answers. */
export interface OperateOptions {
  /** Writes one line per request and the server's own failures. Default: none (failures go to stderr). */
  logger?: Logger | undefined;
  /** Counted on every request (see `createServerMetrics`). Default: none, and no /metrics route. */
  metrics?: ServerMetrics | undefined;
  /** Whether this app answers GET /metrics; false when they are served on a port of their own. Default true. */
  metricsRoute?: boolean | undefined;
  /** A bearer token GET /metrics asks for. Default none: anyone who reaches the route reads them. */
  metricsToken?: string | undefined;
}
