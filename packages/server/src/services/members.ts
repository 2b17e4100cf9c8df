import type { UpdateRoleInput, UpdateRoleResult } from '@hearken/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { members } from '../db/schema.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';

/** PATCH /users/role: admins change other members' roles; the last admin is never demoted. */
export async function updateRole(
  orm: Orm,
  { workspaceId, memberId }: Caller,
  { membershipId, role }: UpdateRoleInput,
  at: Date,
): Promise<UpdateRoleResult> {
  await orm.transaction(async (tx) => {
    // Lock the workspace's members so two admins demoting each other cannot both succeed.
    const team = await tx
      .select({ id: members.id, role: members.role })
      .from(members)
      .where(eq(members.workspaceId, workspaceId))
      .orderBy(members.id)
      .for('update');
    const caller = team.find((member) => member.id === memberId);
    if (caller?.role !== 'ADMIN') throw new ForbiddenError('Only an admin may change roles');
    const target = team.find((member) => member.id === membershipId);
    if (!target) throw new NotFoundError('Membership');
    if (target.id === caller.id) throw new ForbiddenError('You cannot change your own role');
    const admins = team.filter((member) => member.role === 'ADMIN').length;
    if (target.role === 'ADMIN' && role !== 'ADMIN' && admins <= 1) {
      throw new ForbiddenError('The last admin of a workspace cannot be demoted');
    }
    await tx
      .update(members)
      .set({ role, updatedAt: sql`${at.toISOString()}::timestamptz` })
      .where(and(eq(members.id, target.id), eq(members.workspaceId, workspaceId)));
  });
  return {};
}
