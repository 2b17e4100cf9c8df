import {
  idParamsSchema,
  issueListSchema,
  portalQuerySchema,
  projectListSchema,
  REQUEST_ID_HEADER,
  workspaceIdParamsSchema,
  workspaceResponseSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { portalIssues, portalProjects, portalWorkspace } from '../../services/portal.ts';

/** How long browsers and CDNs may reuse a portal read before revalidating with its ETag. */
const CACHE_CONTROL = 'public, max-age=60';

/** GET /workspaces/{id}, /projects/{workspaceId}, /issues/{workspaceId}: public, cacheable, CORS for all. */
export function portalRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const path of ['/workspaces/*', '/projects/*', '/issues/*']) {
    app.use(
      path,
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
    );
  }

  app.get(
    '/workspaces/:id',
    describe('portal', {
      summary: "A published portal's workspace and latest changelog",
      description: '404 `Workspace not found` when the portal is not published.',
      ok: [200, workspaceResponseSchema],
    }),
    valid('param', idParamsSchema),
    valid('query', portalQuerySchema),
    async (c) => {
      const { orm } = c.var.services.db;
      return c.json(await portalWorkspace(orm, c.req.valid('param').id, c.req.valid('query').language));
    },
  );

  app.get(
    '/projects/:workspaceId',
    describe('portal', { summary: "A published portal's roadmap projects", ok: [200, projectListSchema] }),
    valid('param', workspaceIdParamsSchema),
    valid('query', portalQuerySchema),
    async (c) => {
      const { orm } = c.var.services.db;
      return c.json(await portalProjects(orm, c.req.valid('param').workspaceId, c.req.valid('query').language));
    },
  );

  app.get(
    '/issues/:workspaceId',
    describe('portal', { summary: "A published portal's issues", ok: [200, issueListSchema] }),
    valid('param', workspaceIdParamsSchema),
    valid('query', portalQuerySchema),
    async (c) => {
      const { orm } = c.var.services.db;
      return c.json(await portalIssues(orm, c.req.valid('param').workspaceId, c.req.valid('query').language));
    },
  );

  return app;
}
