import { updateCompanyInputSchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { parseBooleanQuery } from '../../http/query.ts';
import { readBody } from '../../http/validate.ts';
import { companyDetails, deleteCompany, trackerOptions, updateCompany } from '../../services/companies.ts';

export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/tracker-options', async (c) => c.json(await trackerOptions(c.var.services.db.orm, c.var.caller)));

  app.get('/:id', async (c) => {
    const groupQuery = c.req.query('groupUpvotes');
    const groupUpvotes = groupQuery !== undefined && parseBooleanQuery(groupQuery, 'groupUpvotes');
    return c.json(
      await companyDetails(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id'), groupUpvotes),
    );
  });

  app.patch('/:id', async (c) => {
    const input = await readBody(c, updateCompanyInputSchema);
    const { db, now } = c.var.services;
    return c.json(await updateCompany(db.orm, c.var.caller, c.req.param('id'), input, now()));
  });

  app.delete('/:id', async (c) => {
    const { db, now } = c.var.services;
    await deleteCompany(db.orm, c.var.caller.workspaceId, c.req.param('id'), now());
    return c.json({ isDeleted: true });
  });

  return app;
}
