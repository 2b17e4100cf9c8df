import { updateRoleInputSchema, updateRoleResultSchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { updateRole } from '../../services/members.ts';

export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.patch(
    '/role',
    describe('v1', {
      summary: "Change a member's role",
      description: 'Admins only; nobody changes their own role, and the last admin is never demoted (403).',
      ok: [200, updateRoleResultSchema],
      write: true,
      errors: [403],
    }),
    valid('json', updateRoleInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      await updateRole(db.orm, c.var.caller, c.req.valid('json'), now());
      return c.json({});
    },
  );
  return app;
}
