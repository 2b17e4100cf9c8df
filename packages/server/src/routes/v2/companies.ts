import { createCompanyInputSchema } from '@hearken/core';
import { Hono } from 'hono';
import { requireScope } from '../../http/auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { idempotent } from '../../http/idempotency.ts';
import { readBody } from '../../http/validate.ts';
import { toV2Company } from '../../serialize/v2.ts';
import { insertCompany, trackerColumns } from '../../services/companies.ts';
import { requireReference } from '../../services/references.ts';

/** POST /api/v2/companies: the snake_case "Create company" operation. */
export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', requireScope('companies:write'), idempotent(), async (c) => {
    const input = await readBody(c, createCompanyInputSchema);
    const { db, now } = c.var.services;
    const caller = c.var.caller;
    const { row, owner } = await db.orm.transaction(async (tx) => {
      const tracker = await trackerColumns(
        tx,
        caller,
        { statusId: input.status_id, tierId: input.tier_id },
        { status: 'status_id', tier: 'tier_id' },
      );
      const owner = input.owner_id
        ? await requireReference(tx, 'member', caller.workspaceId, input.owner_id, 'owner_id')
        : null;
      const row = await insertCompany(
        tx,
        caller.workspaceId,
        {
          name: input.name,
          logoUrl: input.logo_url ?? null,
          domains: [...new Set(input.domains ?? [])],
          externalIds: [...new Set(input.external_ids ?? [])],
          size: input.size ?? null,
          revenue: input.revenue ?? null,
          ownerId: owner?.id ?? null,
          ...tracker,
        },
        now(),
      );
      return { row, owner };
    });
    return c.json(toV2Company(row, owner), 201);
  });
  return app;
}
