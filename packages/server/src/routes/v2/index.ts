import { identitySchema } from '@hearken/core';
import { Hono } from 'hono';
import { authenticate } from '../../http/auth.ts';
import { limitBody } from '../../http/body-limit.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { describe } from '../../openapi/describe.ts';
import { webhookRoutes } from '../../webhooks/routes.ts';
import { companyRoutes } from './companies.ts';
import { threadRoutes } from './threads.ts';

/**
 * Everything under /api/v2: key authentication (v2 keys only) and rate limits first, so even a 413
 * carries X-RateLimit-*; then the body limit, idempotency, and scopes per route.
 */
export function v2Routes(limiter: RateLimiter): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', authenticate(2, limiter), limitBody(), idempotent());
  app.get(
    '/me',
    describe('v2', { summary: 'The calling key: its workspace, id and scopes', ok: [200, identitySchema] }),
    (c) => {
      const { workspaceId, keyId, scopes } = c.var.caller;
      return c.json({ workspace_id: workspaceId, api_key_id: keyId, scopes });
    },
  );
  app.route('/threads', threadRoutes());
  app.route('/companies', companyRoutes());
  app.route('/webhooks', webhookRoutes());
  return app;
}
