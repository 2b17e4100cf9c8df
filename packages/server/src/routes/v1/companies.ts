import {
  companyDetailsSchema,
  companySchema,
  deleteCompanyResultSchema,
  getCompanyQuerySchema,
  idParamsSchema,
  trackerOptionsSchema,
  updateCompanyInputSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { companyDetails, deleteCompany, trackerOptions, updateCompany } from '../../services/companies.ts';

export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(
    '/tracker-options',
    describe('v1', {
      summary: "The tracker's company statuses and tiers",
      description: 'Both are null while no tracker is connected.',
      ok: [200, trackerOptionsSchema],
    }),
    async (c) => c.json(await trackerOptions(c.var.services.db.orm, c.var.caller)),
  );

  app.get(
    '/:id',
    describe('v1', { summary: 'Get a company with its contacts', ok: [200, companyDetailsSchema] }),
    valid('param', idParamsSchema),
    valid('query', getCompanyQuerySchema),
    async (c) => {
      const { groupUpvotes = false } = c.req.valid('query');
      const { orm } = c.var.services.db;
      return c.json(await companyDetails(orm, c.var.caller.workspaceId, c.req.valid('param').id, groupUpvotes));
    },
  );

  app.patch(
    '/:id',
    describe('v1', { summary: 'Update a company', ok: [200, companySchema], write: true }),
    valid('param', idParamsSchema),
    valid('json', updateCompanyInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await updateCompany(db.orm, c.var.caller, c.req.valid('param').id, c.req.valid('json'), now()));
    },
  );

  app.delete(
    '/:id',
    describe('v1', {
      summary: 'Delete a company',
      description: 'Irreversible: its contacts and threads lose the link.',
      ok: [200, deleteCompanyResultSchema],
      write: true,
    }),
    valid('param', idParamsSchema),
    async (c) => {
      const { db, now } = c.var.services;
      await deleteCompany(db.orm, c.var.caller.workspaceId, c.req.valid('param').id, now());
      return c.json({ isDeleted: true });
    },
  );

  return app;
}
