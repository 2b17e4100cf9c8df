import { createCompanyInputSchema, v2CompanySchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { createCompany } from '../../services/companies.ts';

/** POST /api/v2/companies: the snake_case "Create company" operation. */
export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    '/',
    describe('v2', {
      summary: 'Create a company',
      ok: [201, v2CompanySchema],
      scope: 'companies:write',
      write: true,
    }),
    valid('json', createCompanyInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await createCompany(db.orm, c.var.caller, c.req.valid('json'), now()), 201);
    },
  );
  return app;
}
