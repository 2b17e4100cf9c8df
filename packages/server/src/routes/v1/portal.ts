import { and, asc, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { changelogs, issues, projects, workspaces } from '../../db/schema.ts';
import type { AppEnv } from '../../http/env.ts';
import { ServiceError } from '../../http/errors.ts';
import { cleanParam } from '../../http/validate.ts';
import { toChangelog, toIssue, toProject, toWorkspace } from '../../serialize/portal.ts';
import { loadTranslations, parseLanguage, translate } from '../../services/translations.ts';
import { countUpvotes } from '../../services/upvotes.ts';

/** How long browsers and CDNs may reuse a portal read before revalidating with its ETag. */
const CACHE_CONTROL = 'public, max-age=60';

/** The public portal's workspace, or the documented 404 when it does not exist or is not published. */
async function publishedWorkspace(c: Context<AppEnv>, id: string) {
  const [row] = await c.var.services.db.orm
    .select()
    .from(workspaces)
    .where(eq(workspaces.id, cleanParam(id, 'id')));
  if (!row?.portalPublished) throw new ServiceError(404, 'not_found', 'Workspace not found');
  return row;
}

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
    const workspace = await publishedWorkspace(c, c.req.param('id'));
    const language = parseLanguage(c.req.query('language'));
    const orm = c.var.services.db.orm;
    const [latest] = workspace.changelogPublic
      ? await orm
          .select()
          .from(changelogs)
          .where(
            and(
              eq(changelogs.workspaceId, workspace.id),
              eq(changelogs.published, true),
              eq(changelogs.archived, false),
              eq(changelogs.isDeleted, false),
            ),
          )
          .orderBy(desc(changelogs.date), desc(changelogs.id))
          .limit(1)
      : [];
    const translated = latest
      ? await loadTranslations(orm, workspace.id, 'changelog', [latest.id], language)
      : undefined;
    const latestChangelog =
      latest && translated ? toChangelog(translate(latest, translated, ['title', 'notes'])) : null;
    return c.json({ workspace: toWorkspace(workspace), latestChangelog });
  });

  app.get('/projects/:workspaceId', async (c) => {
    const workspace = await publishedWorkspace(c, c.req.param('workspaceId'));
    const language = parseLanguage(c.req.query('language'));
    const orm = c.var.services.db.orm;
    const rows = await orm
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, workspace.id))
      .orderBy(asc(projects.sortOrder), asc(projects.createdAt), asc(projects.id));
    const upvotes = await countUpvotes(orm, workspace.id, 'projectId');
    const translated = await loadTranslations(
      orm,
      workspace.id,
      'project',
      rows.map((row) => row.id),
      language,
    );
    return c.json(
      rows.map((row) => toProject(translate(row, translated, ['name', 'description']), upvotes.get(row.id) ?? 0)),
    );
  });

  app.get('/issues/:workspaceId', async (c) => {
    const workspace = await publishedWorkspace(c, c.req.param('workspaceId'));
    const language = parseLanguage(c.req.query('language'));
    const orm = c.var.services.db.orm;
    const rows = await orm
      .select()
      .from(issues)
      .where(
        and(
          eq(issues.workspaceId, workspace.id),
          eq(issues.isDeleted, false),
          // Issues explicitly hidden from the portal stay private.
          or(isNull(issues.isVisible), ne(issues.isVisible, false)),
        ),
      )
      .orderBy(asc(issues.sortOrder), asc(issues.createdAt), asc(issues.id));
    const upvotes = await countUpvotes(orm, workspace.id, 'issueId');
    const translated = await loadTranslations(
      orm,
      workspace.id,
      'issue',
      rows.map((row) => row.id),
      language,
    );
    return c.json(
      rows.map((row) => toIssue(translate(row, translated, ['title', 'description']), upvotes.get(row.id) ?? 0)),
    );
  });

  return app;
}
