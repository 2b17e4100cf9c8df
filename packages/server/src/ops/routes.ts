import { OPS_PATHS, readinessReport } from '@hearken/core';
import { metricsAnswer } from '@hearken/service';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { ServerMetrics } from './metrics.ts';
import { checkReadiness, type ReadinessDeps } from './readiness.ts';

export interface OpsRouteOptions extends ReadinessDeps {
  /** Served at /metrics when given; left out when metrics are served on a port of their own. */
  metrics?: ServerMetrics | undefined;
  /** Bearer token /metrics asks for; unset serves them to anyone who reaches the port. */
  metricsToken?: string | undefined;
}

/** Liveness, readiness and (optionally) metrics, beside the API. */
export function opsRoutes(options: OpsRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(OPS_PATHS.health, (c) => c.json({ status: 'ok' }));
  app.get(OPS_PATHS.ready, async (c) => {
    const { status, body } = readinessReport(await checkReadiness(options));
    c.header('Cache-Control', 'no-store');
    return c.json(body, status);
  });
  const metrics = options.metrics;
  if (metrics) {
    app.get(OPS_PATHS.metrics, async (c) => {
      const answer = await metricsAnswer(metrics.registry, c.req.header('authorization'), options.metricsToken);
      return c.body(answer.body, answer.status, answer.headers);
    });
  }
  return app;
}
