import { updateRoleInputSchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { readBody } from '../../http/validate.ts';
import { updateRole } from '../../services/members.ts';

export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.patch('/role', async (c) => {
    const input = await readBody(c, updateRoleInputSchema);
    const { db, now } = c.var.services;
    await updateRole(db.orm, c.var.caller, input, now());
    return c.json({});
  });
  return app;
}
