import { updateRoleInputSchema } from '@hearken/core';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { members } from '../../db/schema.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound, ServiceError } from '../../http/errors.ts';
import { readBody } from '../../http/validate.ts';

const forbidden = (message: string) => new ServiceError(403, 'forbidden', message);

/** PATCH /users/role: admins change other members' roles; the last admin is never demoted. */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.patch('/role', async (c) => {
    const { membershipId, role } = await readBody(c, updateRoleInputSchema);
    const { db, now } = c.var.services;
    const { workspaceId, memberId } = c.var.caller;
    await db.orm.transaction(async (tx) => {
      // Lock the workspace's members so two admins demoting each other cannot both succeed.
      const team = await tx
        .select({ id: members.id, role: members.role })
        .from(members)
        .where(eq(members.workspaceId, workspaceId))
        .orderBy(members.id)
        .for('update');
      const caller = team.find((member) => member.id === memberId);
      if (caller?.role !== 'ADMIN') throw forbidden('Only an admin may change roles');
      const target = team.find((member) => member.id === membershipId);
      if (!target) throw notFound('Membership');
      if (target.id === caller.id) throw forbidden('You cannot change your own role');
      const admins = team.filter((member) => member.role === 'ADMIN').length;
      if (target.role === 'ADMIN' && role !== 'ADMIN' && admins <= 1) {
        throw forbidden('The last admin of a workspace cannot be demoted');
      }
      await tx
        .update(members)
        .set({ role, updatedAt: sql`${now().toISOString()}::timestamptz` })
        .where(and(eq(members.id, target.id), eq(members.workspaceId, workspaceId)));
    });
    return c.json({});
  });
  return app;
}
