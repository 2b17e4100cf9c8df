import { Hono } from 'hono';
import { authenticate } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { companyRoutes } from './companies.ts';
import { threadRoutes } from './threads.ts';
import { webhookRoutes } from './webhooks.ts';

/** Everything under /api/v2: key authentication (v2 keys only), rate limits, then scopes per route. */
export function v2Routes(limiter: RateLimiter): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', authenticate(2, limiter));
  app.get('/me', (c) => {
    const { workspaceId, keyId, scopes } = c.var.caller;
    return c.json({ workspace_id: workspaceId, api_key_id: keyId, scopes });
  });
  app.route('/threads', threadRoutes());
  app.route('/companies', companyRoutes());
  app.route('/webhooks', webhookRoutes());
  return app;
}
