import { createContactInputSchema, listContactsParamsSchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest } from '../../http/errors.ts';
import { parseIntQuery } from '../../http/query.ts';
import { cleanParam, parseWith, readBody } from '../../http/validate.ts';
import { createContact, getContact, listContacts } from '../../services/contacts.ts';

/** Largest `take`; the API leaves the maximum open. */
export const CONTACTS_TAKE_MAX = 100;

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
    return c.json(await listContacts(c.var.services.db.orm, c.var.caller.workspaceId, skip, take));
  });

  app.post('/', async (c) => {
    const input = await readBody(c, createContactInputSchema);
    const { db, now } = c.var.services;
    return c.json(await createContact(db.orm, c.var.caller.workspaceId, input, now()), 201);
  });

  app.get('/:id', async (c) => {
    const id = cleanParam(c.req.param('id'), 'id');
    if (id.length > 255) throw invalidRequest([{ path: 'id', message: 'must be at most 255 characters' }]);
    return c.json(await getContact(c.var.services.db.orm, c.var.caller.workspaceId, id));
  });

  return app;
}
