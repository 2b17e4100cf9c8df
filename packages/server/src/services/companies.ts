import type {
  Company,
  CompanyDetails,
  CreateCompanyInput,
  DeleteCompanyResult,
  TrackerOptions,
  UpdateCompanyInput,
  V2Company,
} from '@hearken/core';
import { and, asc, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { companies, contacts, customerNeeds, threads, trackerStatuses, trackerTiers } from '../db/schema.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { CompanyRow } from '../serialize/rows.ts';
import { toCompany, toCompanyDetails } from '../serialize/v1.ts';
import { toV2Company } from '../serialize/v2.ts';
import { recordCompanyEvent, recordCompanyUpdate } from '../webhooks/events.ts';
import { requireLive, requireReference } from './references.ts';

/** Tracker fields of a company as given in a request (either naming style), `null` to clear. */
export interface TrackerChoice {
  statusId?: string | null | undefined;
  tierId?: string | null | undefined;
}

/**
 * Resolves tracker status and tier ids to the columns they set (id, name, colour). They are
 * only meaningful while a tracker is connected: otherwise a non-null id is refused (400), and the
 * ids must be among the tracker options of the workspace.
 */
export async function trackerColumns(
  orm: Orm,
  workspace: { workspaceId: string; trackerConnected: boolean },
  choice: TrackerChoice,
  fields: { status: string; tier: string },
): Promise<Partial<CompanyRow>> {
  const columns: Partial<CompanyRow> = {};
  for (const [kind, id] of [
    ['status', choice.statusId],
    ['tier', choice.tierId],
  ] as const) {
    if (id === undefined) continue;
    if (id === null) {
      Object.assign(
        columns,
        kind === 'status' ? { statusId: null, statusName: null, statusColor: null } : { tierId: null, tierName: null },
      );
      continue;
    }
    if (!workspace.trackerConnected) {
      throw new InvalidInputError(
        [{ path: fields[kind], message: 'no tracker is connected, so it cannot be set' }],
        `${fields[kind]}: no tracker is connected`,
      );
    }
    if (kind === 'status') {
      const status = await requireReference(orm, 'trackerStatus', workspace.workspaceId, id, fields.status);
      Object.assign(columns, { statusId: status.id, statusName: status.name, statusColor: status.color });
    } else {
      const tier = await requireReference(orm, 'trackerTier', workspace.workspaceId, id, fields.tier);
      Object.assign(columns, { tierId: tier.id, tierName: tier.name });
    }
  }
  return columns;
}

export type NewCompany = Partial<Omit<CompanyRow, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>> & { name: string };

export async function insertCompany(orm: Orm, workspaceId: string, values: NewCompany, now: Date): Promise<CompanyRow> {
  const [row] = await orm
    .insert(companies)
    .values({ ...values, id: newId(), workspaceId, createdAt: now, updatedAt: now })
    .returning();
  await recordCompanyEvent(orm, 'company.created', row!, now);
  return row!;
}

/** GET /companies/tracker-options: the tracker's statuses and tiers, or nulls when none is connected. */
export async function trackerOptions(orm: Orm, caller: Caller): Promise<TrackerOptions> {
  if (!caller.trackerConnected) return { statuses: null, tiers: null };
  const [statuses, tiers] = await Promise.all([
    orm
      .select({ id: trackerStatuses.id, name: trackerStatuses.name, color: trackerStatuses.color })
      .from(trackerStatuses)
      .where(eq(trackerStatuses.workspaceId, caller.workspaceId))
      .orderBy(asc(trackerStatuses.id)),
    orm
      .select({ id: trackerTiers.id, name: trackerTiers.name })
      .from(trackerTiers)
      .where(eq(trackerTiers.workspaceId, caller.workspaceId))
      .orderBy(asc(trackerTiers.id)),
  ]);
  return { statuses, tiers };
}

/** GET /companies/{id}: the company with its contacts, and its upvotes when `groupUpvotes`. */
export async function companyDetails(
  orm: Orm,
  workspaceId: string,
  id: string,
  groupUpvotes: boolean,
): Promise<CompanyDetails> {
  const company = await requireLive(orm, 'company', workspaceId, id, 'Company');
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
    // The company's live threads, not held, that are linked to a project or issue through customer needs.
    const [row] = await orm
      .select({ n: countDistinct(threads.id) })
      .from(threads)
      .innerJoin(customerNeeds, eq(customerNeeds.threadId, threads.id))
      .where(
        and(
          eq(threads.workspaceId, company.workspaceId),
          eq(threads.companyId, company.id),
          eq(threads.isDeleted, false),
          eq(threads.moderation, 'clear'),
        ),
      );
    upvotes = row?.n ?? 0;
  }
  return toCompanyDetails(company, people, upvotes);
}

/** PATCH /companies/{id}: fields not sent stay; `autoAdd` links the domains' company-less contacts. */
export async function updateCompany(
  orm: Orm,
  caller: Caller,
  id: string,
  input: UpdateCompanyInput,
  at: Date,
): Promise<Company> {
  const company = await requireLive(orm, 'company', caller.workspaceId, id, 'Company');
  // Only provided fields change, so providing none is no change: no new version, no event.
  if (Object.values(input).every((value) => value === undefined)) return toCompany(company);
  const updated = await orm.transaction(async (tx) => {
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
      // A DELETE that committed since the company was read wins: the tombstone is never edited.
      .where(
        and(
          eq(companies.id, company.id),
          eq(companies.workspaceId, caller.workspaceId),
          eq(companies.isDeleted, false),
        ),
      )
      .returning();
    if (!row) throw new NotFoundError('Company');
    if (row.autoAdd && row.domains.length > 0) {
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
    await recordCompanyUpdate(tx, company, row, at);
    return row;
  });
  return toCompany(updated);
}

/** DELETE /companies/{id}: irreversible; the company stays as a tombstone and its links are removed. */
export async function deleteCompany(orm: Orm, workspaceId: string, id: string, at: Date): Promise<DeleteCompanyResult> {
  const company = await requireLive(orm, 'company', workspaceId, id, 'Company');
  await orm.transaction(async (tx) => {
    const [tombstone] = await tx
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
      // Of two DELETEs at once, the second finds it deleted: 404, and one event.
      .where(and(eq(companies.id, company.id), eq(companies.workspaceId, workspaceId), eq(companies.isDeleted, false)))
      .returning({ id: companies.id });
    if (!tombstone) throw new NotFoundError('Company');
    await tx
      .update(contacts)
      .set({ companyId: null, updatedAt: at })
      .where(and(eq(contacts.companyId, company.id), eq(contacts.workspaceId, workspaceId)));
    await tx
      .update(threads)
      .set({ companyId: null, updatedAt: at })
      .where(and(eq(threads.companyId, company.id), eq(threads.workspaceId, workspaceId)));
    await recordCompanyEvent(tx, 'company.deleted', company, at);
  });
  return { isDeleted: true };
}

/** POST /api/v2/companies: creates the company with its tracker fields and owner checked. */
export async function createCompany(orm: Orm, caller: Caller, input: CreateCompanyInput, at: Date): Promise<V2Company> {
  const { row, owner } = await orm.transaction(async (tx) => {
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
      at,
    );
    return { row, owner };
  });
  return toV2Company(row, owner);
}
