import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../http/env.ts';
import { cleanParam } from '../../http/validate.ts';
import { portalIssues, portalProjects, portalWorkspace } from '../../services/portal.ts';
import { parseLanguage } from '../../services/translations.ts';

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
        exposeHeaders: ['ETag', 'X-Request-Id'],
        maxAge: 86400,
      }),
      etag(),
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', CACHE_CONTROL);
      },
    );
  }

  app.get('/workspaces/:id', async (c) => {
    const id = cleanParam(c.req.param('id'), 'id');
    return c.json(await portalWorkspace(c.var.services.db.orm, id, parseLanguage(c.req.query('language'))));
  });

  app.get('/projects/:workspaceId', async (c) => {
    const id = cleanParam(c.req.param('workspaceId'), 'workspaceId');
    return c.json(await portalProjects(c.var.services.db.orm, id, parseLanguage(c.req.query('language'))));
  });

  app.get('/issues/:workspaceId', async (c) => {
    const id = cleanParam(c.req.param('workspaceId'), 'workspaceId');
    return c.json(await portalIssues(c.var.services.db.orm, id, parseLanguage(c.req.query('language'))));
  });

  return app;
}
