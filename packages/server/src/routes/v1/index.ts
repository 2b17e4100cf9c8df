import { Hono } from 'hono';
import { authenticate } from '../../http/auth.ts';
import { limitBody } from '../../http/body-limit.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { companyRoutes } from './companies.ts';
import { contactRoutes } from './contacts.ts';
import { portalRoutes } from './portal.ts';
import { threadRoutes } from './threads.ts';
import { userRoutes } from './users.ts';

/** Everything under /api/v1: the public portal reads first, then v1-key authentication for the rest. */
export function v1Routes(limiter: RateLimiter): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', limitBody());
  app.route('/', portalRoutes());
  app.use('*', authenticate(1, limiter), idempotent());
  app.route('/users', userRoutes());
  app.route('/contacts', contactRoutes());
  app.route('/companies', companyRoutes());
  app.route('/insights', threadRoutes());
  return app;
}
