import { updateCompanyInputSchema } from '@hearken/core';
import { and, asc, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { companies, contacts, customerNeeds, threads, trackerStatuses, trackerTiers } from '../../db/schema.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound } from '../../http/errors.ts';
import { parseBooleanQuery } from '../../http/query.ts';
import { readBody } from '../../http/validate.ts';
import { toCompany, toCompanyDetails } from '../../serialize/v1.ts';
import { trackerColumns } from '../../services/companies.ts';
import { findInWorkspace } from '../../services/references.ts';
import { recordCompanyEvent, recordCompanyUpdate } from '../../services/webhooks/events.ts';

/** The caller's live company with this id, or 404. */
async function liveCompany(c: Context<AppEnv>, id: string) {
  const row = await findInWorkspace(c.var.services.db.orm, 'company', c.var.caller.workspaceId, id);
  if (!row) throw notFound('Company');
  return row;
}

export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/tracker-options', async (c) => {
    const { workspaceId, trackerConnected } = c.var.caller;
    if (!trackerConnected) return c.json({ statuses: null, tiers: null });
    const { orm } = c.var.services.db;
    const [statuses, tiers] = await Promise.all([
      orm
        .select({ id: trackerStatuses.id, name: trackerStatuses.name, color: trackerStatuses.color })
        .from(trackerStatuses)
        .where(eq(trackerStatuses.workspaceId, workspaceId))
        .orderBy(asc(trackerStatuses.id)),
      orm
        .select({ id: trackerTiers.id, name: trackerTiers.name })
        .from(trackerTiers)
        .where(eq(trackerTiers.workspaceId, workspaceId))
        .orderBy(asc(trackerTiers.id)),
    ]);
    return c.json({ statuses, tiers });
  });

  app.get('/:id', async (c) => {
    const groupQuery = c.req.query('groupUpvotes');
    const groupUpvotes = groupQuery !== undefined && parseBooleanQuery(groupQuery, 'groupUpvotes');
    const company = await liveCompany(c, c.req.param('id'));
    const { orm } = c.var.services.db;
    const people = await orm
      .select({ id: contacts.id, name: contacts.name, email: contacts.email })
      .from(contacts)
      .where(
        and(
          eq(contacts.companyId, company.id),
          eq(contacts.workspaceId, company.workspaceId),
          eq(contacts.isDeleted, false),
        ),
      )
      .orderBy(asc(contacts.createdAt), asc(contacts.id));
    let upvotes = 0;
    if (groupUpvotes) {
      // The company's live threads that are linked to a project or issue through customer needs.
      const [row] = await orm
        .select({ n: countDistinct(threads.id) })
        .from(threads)
        .innerJoin(customerNeeds, eq(customerNeeds.threadId, threads.id))
        .where(
          and(
            eq(threads.workspaceId, company.workspaceId),
            eq(threads.companyId, company.id),
            eq(threads.isDeleted, false),
          ),
        );
      upvotes = row?.n ?? 0;
    }
    return c.json(toCompanyDetails(company, people, upvotes));
  });

  app.patch('/:id', async (c) => {
    const company = await liveCompany(c, c.req.param('id'));
    const input = await readBody(c, updateCompanyInputSchema);
    const { db, now } = c.var.services;
    const caller = c.var.caller;
    const at = now();
    const updated = await db.orm.transaction(async (tx) => {
      const tracker = await trackerColumns(
        tx,
        caller,
        { statusId: input.statusId, tierId: input.tierId },
        { status: 'statusId', tier: 'tierId' },
      );
      const [row] = await tx
        .update(companies)
        .set({
          // Drizzle leaves out of the update every field given as undefined, i.e. not sent.
          name: input.name,
          domains: input.domains && [...new Set(input.domains)],
          externalIds: input.externalIds && [...new Set(input.externalIds)],
          autoAdd: input.autoAdd,
          size: input.size,
          revenue: input.revenue,
          tierName: input.tierName,
          statusName: input.statusName,
          statusColor: input.statusColor,
          ...tracker,
          version: sql`${companies.version} + 1`,
          updatedAt: at,
        })
        .where(and(eq(companies.id, company.id), eq(companies.workspaceId, caller.workspaceId)))
        .returning();
      if (row?.autoAdd && row.domains.length > 0) {
        // autoAdd links the workspace's existing contacts of these domains that have no company yet.
        await tx
          .update(contacts)
          .set({ companyId: row.id, updatedAt: at, version: sql`${contacts.version} + 1` })
          .where(
            and(
              eq(contacts.workspaceId, caller.workspaceId),
              eq(contacts.isDeleted, false),
              isNull(contacts.companyId),
              inArray(sql`lower(split_part(${contacts.email}, '@', 2))`, row.domains),
            ),
          );
      }
      await recordCompanyUpdate(tx, company, row!, at);
      return row!;
    });
    return c.json(toCompany(updated));
  });

  app.delete('/:id', async (c) => {
    const company = await liveCompany(c, c.req.param('id'));
    const { db, now } = c.var.services;
    const at = now();
    const { workspaceId } = c.var.caller;
    await db.orm.transaction(async (tx) => {
      // Deletion is irreversible: the company keeps its id as a tombstone, its links are removed.
      await tx
        .update(contacts)
        .set({ companyId: null, updatedAt: at })
        .where(and(eq(contacts.companyId, company.id), eq(contacts.workspaceId, workspaceId)));
      await tx
        .update(threads)
        .set({ companyId: null, updatedAt: at })
        .where(and(eq(threads.companyId, company.id), eq(threads.workspaceId, workspaceId)));
      await tx
        .update(companies)
        .set({
          isDeleted: true,
          domains: [],
          externalIds: [],
          autoAdd: null,
          ownerId: null,
          version: sql`${companies.version} + 1`,
          updatedAt: at,
        })
        .where(and(eq(companies.id, company.id), eq(companies.workspaceId, workspaceId)));
      await recordCompanyEvent(tx, 'company.deleted', company, at);
    });
    return c.json({ isDeleted: true });
  });

  return app;
}
