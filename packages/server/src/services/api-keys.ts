import { eq } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { apiKeys, workspaces } from '../db/schema.ts';

/** The API key with this secret hash and what a request made with it acts as, if the key exists. */
export async function findKeyHolder(orm: Orm, secretHash: string) {
  const [row] = await orm
    .select({
      keyId: apiKeys.id,
      workspaceId: apiKeys.workspaceId,
      memberId: apiKeys.memberId,
      scopes: apiKeys.scopes,
      version: apiKeys.version,
      revokedAt: apiKeys.revokedAt,
      signingSecret: workspaces.signingSecret,
      trackerConnected: workspaces.trackerConnected,
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.secretHash, secretHash))
    .limit(1);
  return row;
}

/** A key as `findKeyHolder` finds it. */
export type KeyHolder = NonNullable<Awaited<ReturnType<typeof findKeyHolder>>>;
