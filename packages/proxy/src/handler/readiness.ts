import { type ReadinessCheck, type ReadinessReport, readinessReport } from '@hearken/core';
import { isProxyConfigError } from '../config/errors.ts';
import type { ResolvedOptions } from '../config/options.ts';
import { checkKey } from '../upstream/startup-check.ts';

/** Checks beside the service's, by name (the Node server adds `redis` when it shares counts there). */
export type ReadinessChecks = Record<string, () => Promise<ReadinessCheck>>;

/**
 * The service is asked again at most this often: every instance's probes would otherwise each
 * spend one of the key's reads.
 */
const UPSTREAM_CHECK_MS = 5_000;

/**
 * Readiness: the start-up key check again (the service answers, and the key is still known and
 * fit), remembered for a few seconds, and any `checks` beside it.
 */
export function createReadiness(
  options: ResolvedOptions,
  checks: ReadinessChecks,
): () => Promise<{ status: 200 | 503; body: ReadinessReport }> {
  let upstream: { at: number; check: Promise<ReadinessCheck> } | null = null;
  const checkUpstream = () => {
    const now = Date.now();
    if (upstream === null || now - upstream.at >= UPSTREAM_CHECK_MS) {
      upstream = {
        at: now,
        check: checkKey(options).then(
          (): ReadinessCheck => 'ok',
          // The reason of the refusal at start: upstream_unreachable, invalid_key, missing_scope...
          (error: unknown): ReadinessCheck => (isProxyConfigError(error) ? error.reason : 'unreachable'),
        ),
      };
    }
    return upstream.check;
  };
  return async () => {
    const names = ['upstream', ...Object.keys(checks)];
    const results = await Promise.all([checkUpstream(), ...Object.values(checks).map((check) => check())]);
    return readinessReport(Object.fromEntries(names.map((name, index) => [name, results[index]!])));
  };
}
