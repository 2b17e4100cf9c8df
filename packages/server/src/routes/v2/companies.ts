import { createCompanyInputSchema } from '@hearken/core';
import { Hono } from 'hono';
import { requireScope } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { readBody } from '../../http/validate.ts';
import { createCompany } from '../../services/companies.ts';

/** POST /api/v2/companies: the snake_case "Create company" operation. */
export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', requireScope('companies:write'), async (c) => {
    const input = await readBody(c, createCompanyInputSchema);
    const { db, now } = c.var.services;
    return c.json(await createCompany(db.orm, c.var.caller, input, now()), 201);
  });
  return app;
}
