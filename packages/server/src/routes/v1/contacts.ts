import {
  CONTACTS_TAKE_MAX,
  contactListSchema,
  contactSchema,
  createContactInputSchema,
  listContactsQuerySchema,
  pathIdSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { createContact, getContact, listContacts } from '../../services/contacts.ts';

/** `{id}` of `GET /contacts/{id}`: an id or an email address, at most 255 characters. */
const contactParamsSchema = z.object({ id: pathIdSchema.check(z.maxLength(255)) });

export function contactRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    describe('v1', {
      summary: 'List contacts',
      description: `Oldest first; \`take\` defaults to 10 and may be at most ${CONTACTS_TAKE_MAX}.`,
      ok: [200, contactListSchema],
    }),
    valid('query', listContactsQuerySchema),
    async (c) => {
      const { skip = 0, take = 10 } = c.req.valid('query');
      return c.json(await listContacts(c.var.services.db.orm, c.var.caller.workspaceId, skip, take));
    },
  );

  app.post(
    '/',
    describe('v1', {
      summary: 'Create a contact',
      description: '409 when the workspace has a contact with this email.',
      ok: [201, contactSchema],
      write: true,
    }),
    valid('json', createContactInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await createContact(db.orm, c.var.caller.workspaceId, c.req.valid('json'), now()), 201);
    },
  );

  app.get(
    '/:id',
    describe('v1', { summary: 'Get a contact by id or email', ok: [200, contactSchema] }),
    valid('param', contactParamsSchema),
    async (c) => c.json(await getContact(c.var.services.db.orm, c.var.caller.workspaceId, c.req.valid('param').id)),
  );

  return app;
}
