/**
 * What the reference server and the key proxy answer operators on, beside the API: liveness,
 * readiness and Prometheus metrics. Load balancers and orchestrators are configured with these.
 */
export const OPS_PATHS = {
  /** 200 while the process is up. */
  health: '/healthz',
  /** 200 when the process can serve (its dependencies answer), else 503 with the failing checks. */
  ready: '/readyz',
  /** Prometheus text exposition. */
  metrics: '/metrics',
} as const;

/** How one dependency answered a readiness check: `ok`, or a short reason such as `unreachable`. */
export type ReadinessCheck = 'ok' | (string & {});

/** The body of a readiness answer: `ready` (200) only when every check is `ok`, else `unready` (503). */
export interface ReadinessReport {
  status: 'ready' | 'unready';
  checks: Record<string, ReadinessCheck>;
}

/** The report for a set of checks, and the status it is answered with. */
export function readinessReport(checks: Record<string, ReadinessCheck>): { status: 200 | 503; body: ReadinessReport } {
  const ready = Object.values(checks).every((check) => check === 'ok');
  return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'unready', checks } };
}
