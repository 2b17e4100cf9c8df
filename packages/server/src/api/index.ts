import {
  honoPath,
  MESSAGE_BODY_MAX_BYTES,
  portalOperations,
  v1Operations,
  v2CreateMessageOperation,
  v2ListChangelogsOperation,
  v2Operations,
} from '@hearken/core';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AddressLimiter } from '../http/address-limit.ts';
import { authenticate } from '../http/auth.ts';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv } from '../http/env.ts';
import { idempotent } from '../http/idempotency.ts';
import type { KeyCache } from '../http/key-cache.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { portalHandlers, portalHeaders } from './portal.ts';
import { registerOperations } from './register.ts';
import { v1Handlers } from './v1.ts';
import { v2Handlers } from './v2.ts';

/**
 * Every API operation of core's descriptors, and nothing else. Under /api/v1 the portal reads come
 * first (no key); then v1-key authentication. Under /api/v2, key authentication and rate limits
 * come first, so even a 413 carries X-RateLimit-*; then the body limit and idempotency.
 */
export function apiRoutes(limiter: RateLimiter, addresses: AddressLimiter, keys: KeyCache): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('/api/v1/*', limitBody());
  const headers = portalHeaders();
  for (const operation of portalOperations) app.use(honoPath(operation.path), ...headers);
  registerOperations(app, portalOperations, portalHandlers);
  app.use('/api/v1/*', authenticate(1, limiter, addresses, keys), idempotent());
  registerOperations(app, v1Operations, v1Handlers);
  // A message carries its attachments in its body (base64), so its path has the larger limit.
  const messageBody = limitBody(MESSAGE_BODY_MAX_BYTES);
  const otherBody = limitBody();
  const messagePath = new RegExp(`^${honoPath(v2CreateMessageOperation.path).replace(':id', '[^/]+')}$`);
  app.use(
    '/api/v2/*',
    authenticate(2, limiter, addresses, keys),
    (c, next) => (messagePath.test(c.req.path) ? messageBody(c, next) : otherBody(c, next)),
    idempotent(),
  );
  // The changelog list is what a key proxy caches for browsers: an ETag lets it revalidate cheaply.
  const tagged = etag();
  app.use(honoPath(v2ListChangelogsOperation.path), (c, next) => (c.req.method === 'GET' ? tagged(c, next) : next()));
  registerOperations(app, v2Operations, v2Handlers);
  return app;
}
