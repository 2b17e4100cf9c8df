import type { Orm } from '../db/open.ts';
import { companies } from '../db/schema.ts';
import { ServiceError } from '../http/errors.ts';
import { newId } from '../ids.ts';
import type { CompanyRow } from '../serialize/rows.ts';
import { requireReference } from './references.ts';
import { recordCompanyEvent } from './webhooks/events.ts';

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
      throw new ServiceError(400, 'invalid_request', `${fields[kind]}: no tracker is connected`, {
        issues: [{ path: fields[kind], message: 'no tracker is connected, so it cannot be set' }],
      });
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
