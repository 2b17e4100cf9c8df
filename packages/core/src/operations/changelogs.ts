import {
  changelogPageSchema,
  createChangelogInputSchema,
  updateChangelogInputSchema,
  v2ChangelogSchema,
} from '../contract/schemas/changelogs.ts';
import { idParamsSchema, listChangelogsQuerySchema } from '../contract/schemas/params.ts';
import { defineOperation } from './operation.ts';

// v2 changelogs: reads under `changelogs:read`, writes under `changelogs:write`.

const CHANGELOGS_PATH = '/api/v2/changelogs';

export const v2ListChangelogsOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListChangelogs',
  generation: 'v2',
  method: 'GET',
  path: CHANGELOGS_PATH,
  summary: 'List changelog entries',
  description:
    'Newest first (by creation); `limit` gives the page size. `state`: `published` (default: published and not archived), `draft`, `archived` or `all`; it applies to the first page and the opaque `cursor` carries it to the next.',
  query: listChangelogsQuerySchema,
  status: 200,
  output: changelogPageSchema,
  scope: 'changelogs:read',
});

export const v2GetChangelogOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetChangelog',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/changelogs/{id}',
  summary: 'Get a changelog entry',
  params: idParamsSchema,
  status: 200,
  output: v2ChangelogSchema,
  scope: 'changelogs:read',
  errors: [404],
});

export const v2CreateChangelogOperation = /*@__PURE__*/ defineOperation({
  id: 'v2CreateChangelog',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/changelogs',
  summary: 'Create a changelog entry',
  description:
    '`date` defaults to now, `published` to false. Creating it published sends the `changelog.published` webhook event.',
  body: createChangelogInputSchema,
  status: 201,
  output: v2ChangelogSchema,
  scope: 'changelogs:write',
});

export const v2UpdateChangelogOperation = /*@__PURE__*/ defineOperation({
  id: 'v2UpdateChangelog',
  generation: 'v2',
  method: 'PATCH',
  path: '/api/v2/changelogs/{id}',
  summary: 'Update a changelog entry',
  description:
    'Changes the fields given, `archived` among them. Turning `published` on sends the `changelog.published` webhook event.',
  params: idParamsSchema,
  body: updateChangelogInputSchema,
  status: 200,
  output: v2ChangelogSchema,
  scope: 'changelogs:write',
  errors: [404],
});

/**
 * The published changelog as a key proxy in portal mode serves it to browsers, with no key:
 * `v2ListChangelogs` with `limit` and `cursor` only, the state always `published`. Not served by
 * the service itself (it needs a key there), so in no list of operations; core's
 * `listPublishedChangelogs` reads through it, without the list's server-side query schema.
 */
export const proxyListPublishedChangelogsOperation = /*@__PURE__*/ defineOperation({
  id: 'proxyListPublishedChangelogs',
  generation: 'v2',
  method: 'GET',
  path: CHANGELOGS_PATH,
  summary: 'List published changelog entries (key proxy, portal mode)',
  status: 200,
  output: changelogPageSchema,
});

/** The changelog operations, in registration order. */
export const changelogOperations = [
  v2ListChangelogsOperation,
  v2CreateChangelogOperation,
  v2GetChangelogOperation,
  v2UpdateChangelogOperation,
] as const;
