import { randomBytes } from 'node:crypto';
import { V2_SCOPES } from '@hearken/core';
import type { Orm } from '../db/open.ts';
import { apiKeys, members, workspaces } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { generateKey, type KeyVersion } from '../keys.ts';
import type { MemberRow, WorkspaceRow } from '../serialize/rows.ts';

export type NewWorkspace = Partial<Omit<WorkspaceRow, 'signingSecret' | 'createdAt' | 'updatedAt'>> & { name: string };

/** Creates a workspace with its own cursor-signing secret. */
export async function createWorkspace(orm: Orm, values: NewWorkspace, now: Date): Promise<WorkspaceRow> {
  const [row] = await orm
    .insert(workspaces)
    .values({
      id: newId(),
      ...values,
      signingSecret: randomBytes(32).toString('base64url'),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export type NewMember = Partial<Omit<MemberRow, 'workspaceId' | 'createdAt' | 'updatedAt'>> &
  Pick<MemberRow, 'name' | 'email' | 'role'>;

export async function addMember(orm: Orm, workspaceId: string, values: NewMember, now: Date): Promise<MemberRow> {
  const [row] = await orm
    .insert(members)
    .values({ id: newId(), ...values, workspaceId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export interface NewApiKey {
  workspaceId: string;
  version: KeyVersion;
  name: string;
  /** v2 scopes; default all of them ("Full access"). v1 keys have full v1 access and no scopes. */
  scopes?: readonly string[];
  /** The member creating the key; a v1 key acts with this member's role. */
  memberId?: string | null;
}

/** Creates an API key and returns its secret: the only time the secret exists outside its holder. */
export async function createApiKey(orm: Orm, input: NewApiKey, now: Date): Promise<{ id: string; secret: string }> {
  const { secret, hash, preview } = generateKey(input.version);
  const id = newId();
  await orm.insert(apiKeys).values({
    id,
    workspaceId: input.workspaceId,
    memberId: input.memberId ?? null,
    name: input.name,
    version: input.version,
    secretHash: hash,
    preview,
    scopes: input.version === 1 ? [] : [...(input.scopes ?? V2_SCOPES)],
    createdAt: now,
  });
  return { id, secret };
}
