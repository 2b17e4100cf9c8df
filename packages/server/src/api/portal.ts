import { type portalOperations, REQUEST_ID_HEADER } from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { AppEnv } from '../http/env.ts';
import { portalIssues, portalProjects, portalWorkspace } from '../services/portal.ts';
import type { Handlers } from './register.ts';

/** How long browsers and CDNs may reuse a portal read before revalidating with its ETag. */
const CACHE_CONTROL = 'public, max-age=60';

/** What every portal read answers with: CORS for any origin, an ETag, and a short public cache. */
export const portalHeaders = (): MiddlewareHandler<AppEnv>[] => [
  cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'OPTIONS'],
    allowHeaders: ['If-None-Match', 'Accept-Language'],
    exposeHeaders: ['ETag', REQUEST_ID_HEADER],
    maxAge: 86400,
  }),
  etag(),
  async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', CACHE_CONTROL);
  },
];

export const portalHandlers: Handlers<typeof portalOperations> = {
  portalGetWorkspace: ({ services, params, query }) =>
    portalWorkspace(services.db.orm, params.workspaceId, query.language),
  portalListProjects: ({ services, params, query }) =>
    portalProjects(services.db.orm, params.workspaceId, query.language),
  portalListIssues: ({ services, params, query }) => portalIssues(services.db.orm, params.workspaceId, query.language),
};
