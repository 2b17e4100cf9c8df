import { createContactInputSchema, listContactsParamsSchema } from '@hearken/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Orm } from '../../db/open.ts';
import { companies, contacts } from '../../db/schema.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound, ServiceError } from '../../http/errors.ts';
import { parseIntQuery } from '../../http/query.ts';
import { cleanParam, parseWith, readBody } from '../../http/validate.ts';
import { toContact } from '../../serialize/v1.ts';
import { insertCompany } from '../../services/companies.ts';
import { findContactByEmail, insertContact } from '../../services/contacts.ts';
import { findInWorkspace, findLinked, requireReference } from '../../services/references.ts';

/** Largest `take`; the API leaves the maximum open. */
export const CONTACTS_TAKE_MAX = 100;

/** The company a new contact links to: by id, by name (created when missing) or by external id. */
async function companyFor(
  tx: Orm,
  workspaceId: string,
  input: { companyId?: string | undefined; companyName?: string | undefined; companyExternalId?: string | undefined },
  now: Date,
) {
  if (input.companyId) return requireReference(tx, 'company', workspaceId, input.companyId, 'companyId');
  const live = and(eq(companies.workspaceId, workspaceId), eq(companies.isDeleted, false));
  if (input.companyName) {
    const [named] = await tx
      .select()
      .from(companies)
      .where(and(live, eq(companies.name, input.companyName)))
      .orderBy(asc(companies.createdAt))
      .limit(1);
    return named ?? insertCompany(tx, workspaceId, { name: input.companyName }, now);
  }
  if (input.companyExternalId) {
    const [linked] = await tx
      .select()
      .from(companies)
      .where(and(live, sql`${input.companyExternalId} = any(${companies.externalIds})`))
      .orderBy(asc(companies.createdAt))
      .limit(1);
    if (!linked) throw invalidRequest([{ path: 'companyExternalId', message: 'no company has this external id' }]);
    return linked;
  }
  return undefined;
}

export function contactRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = c.req.query();
    const { skip = 0, take = 10 } = parseWith(listContactsParamsSchema, {
      ...(query.skip !== undefined ? { skip: parseIntQuery(query.skip, 'skip') } : {}),
      ...(query.take !== undefined ? { take: parseIntQuery(query.take, 'take') } : {}),
    });
    if (take > CONTACTS_TAKE_MAX)
      throw invalidRequest([{ path: 'take', message: `must be at most ${CONTACTS_TAKE_MAX}` }]);
    const { orm } = c.var.services.db;
    const scope = and(eq(contacts.workspaceId, c.var.caller.workspaceId), eq(contacts.isDeleted, false));
    const [rows, [total]] = await Promise.all([
      orm
        .select()
        .from(contacts)
        .where(scope)
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .offset(skip)
        .limit(take),
      orm.select({ n: count() }).from(contacts).where(scope),
    ]);
    const companyIds = [...new Set(rows.flatMap((row) => (row.companyId ? [row.companyId] : [])))];
    const linked = companyIds.length
      ? await orm
          .select()
          .from(companies)
          .where(and(eq(companies.workspaceId, c.var.caller.workspaceId), inArray(companies.id, companyIds)))
      : [];
    const byId = new Map(linked.map((company) => [company.id, company]));
    const countAll = total?.n ?? 0;
    return c.json({
      contacts: rows.map((row) => toContact(row, row.companyId ? (byId.get(row.companyId) ?? null) : null)),
      nextPage: { take, skip: skip + take },
      hasMore: skip + rows.length < countAll,
      count: countAll,
      total: countAll,
    });
  });

  app.post('/', async (c) => {
    const input = await readBody(c, createContactInputSchema);
    const { db, now } = c.var.services;
    const { workspaceId } = c.var.caller;
    const at = now();
    const { contact, company } = await db.orm.transaction(async (tx) => {
      if (await findContactByEmail(tx, workspaceId, input.email)) {
        throw new ServiceError(409, 'conflict', 'A contact with this email already exists');
      }
      const company = await companyFor(tx, workspaceId, input, at);
      const contact = await insertContact(
        tx,
        workspaceId,
        { email: input.email, name: input.name, ...(company ? { companyId: company.id } : {}) },
        at,
      );
      if (!contact) throw new ServiceError(409, 'conflict', 'A contact with this email already exists');
      return { contact, company };
    });
    const linked = company ?? (await findLinked(db.orm, 'company', workspaceId, contact.companyId));
    return c.json(toContact(contact, linked), 201);
  });

  app.get('/:id', async (c) => {
    const id = cleanParam(c.req.param('id'), 'id');
    if (id.length > 255) throw invalidRequest([{ path: 'id', message: 'must be at most 255 characters' }]);
    const { orm } = c.var.services.db;
    const { workspaceId } = c.var.caller;
    const contact = id.includes('@')
      ? await findContactByEmail(orm, workspaceId, id)
      : await findInWorkspace(orm, 'contact', workspaceId, id);
    if (!contact) throw notFound('Contact');
    const company = await findLinked(orm, 'company', workspaceId, contact.companyId);
    return c.json(toContact(contact, company));
  });

  return app;
}
