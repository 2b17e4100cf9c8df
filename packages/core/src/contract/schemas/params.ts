import * as z from 'zod/mini';
import {
  CONTACTS_TAKE_DEFAULT,
  CONTACTS_TAKE_MAX,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  THREAD_STATES,
  THREAD_TABS,
} from '../constants.ts';
import { text } from './common.ts';
import { languageSchema } from './workspace.ts';

// Path and query parameters as a URL carries them (strings), for the server's request checks.
// The clients build these from typed values and check them with the input schemas instead.

/** A path id: non-empty and without NUL, which no id, email or database text can hold. */
export const pathIdSchema = z.string().check(z.minLength(1), z.regex(/^[^\0]*$/, 'must not contain NUL characters'));

/** `true` or `false`; any other text is refused. */
export const booleanQuerySchema = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/**
 * An integer query parameter from `min` to `max`, `fallback` when absent. The URL's text is read
 * with `Number` (so `''` reads as 0 and `abc` is not a number); the document describes it as the
 * integer it is. With `cap`, a larger value is lowered to `max` rather than refused.
 */
const integerQuery = (min: number, max: number, fallback: number, cap?: 'cap') =>
  z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(min), ...(cap ? [z.overwrite((value: number) => Math.min(value, max))] : []), z.lte(max)),
    fallback,
  );

/** `{id}` of `/companies/{id}`, `/insights/{id}`, `/contacts/{id}`, `/workspaces/{id}` (v1) and `/threads/{id}` (v2). */
export const idParamsSchema = z.object({ id: pathIdSchema });
/** `{id}` of v1 `GET /contacts/{id}`: an id or an email address, at most 255 characters. */
export const contactIdParamsSchema = z.object({ id: pathIdSchema.check(z.maxLength(255)) });
/** `{threadId}` of v1 `POST /insights/{threadId}/messages`. */
export const threadIdParamsSchema = z.object({ threadId: pathIdSchema });
/** `{workspaceId}` of the portal's `GET /projects/{workspaceId}` and `GET /issues/{workspaceId}`. */
export const workspaceIdParamsSchema = z.object({ workspaceId: pathIdSchema });

/** Query of the public portal reads. */
export const portalQuerySchema = z.object({ language: z.optional(languageSchema) });

/** Query of v1 `GET /companies/{id}`. */
export const getCompanyQuerySchema = z.object({ groupUpvotes: z.optional(booleanQuerySchema) });
/** Query of v1 `GET /insights/{id}`. */
export const getThreadQuerySchema = z.object({ includeConversation: z.optional(booleanQuerySchema) });

/** Query of v1 `GET /contacts`: `skip` 0 or more (default 0), `take` 1 to CONTACTS_TAKE_MAX (default 10). */
export const listContactsQuerySchema = z.object({
  skip: integerQuery(0, Number.MAX_SAFE_INTEGER, 0),
  take: integerQuery(1, CONTACTS_TAKE_MAX, CONTACTS_TAKE_DEFAULT),
});

/** `limit` of a v2 list: 1 or more, default PAGE_LIMIT_DEFAULT; a larger one than PAGE_LIMIT_MAX is lowered to it. */
const pageLimitQuery = integerQuery(1, PAGE_LIMIT_MAX, PAGE_LIMIT_DEFAULT, 'cap');

/** A query without the thread filters when it has a cursor: the cursor's filters apply, and any sent are ignored. */
const dropFiltersBesideCursor = (query: Record<string, unknown>) => {
  if (query.cursor === undefined) return query;
  const { status: _status, tab: _tab, ...rest } = query;
  return rest;
};

/**
 * Query of v2 `GET /threads`: filters on the first page, then the cursor; a larger `limit` is
 * lowered to PAGE_LIMIT_MAX. Filters sent beside a cursor are dropped unread, so they cannot fail.
 */
export const listThreadsQuerySchema = z.pipe(
  z.transform(dropFiltersBesideCursor),
  z.object({
    status: z.optional(z.enum(THREAD_STATES)),
    tab: z.optional(z.enum(THREAD_TABS)),
    limit: pageLimitQuery,
    cursor: z.optional(text(1)),
  }),
);

/** Query of v2 `GET /webhooks` and `GET /webhooks/{id}/deliveries`; a larger `limit` is lowered to PAGE_LIMIT_MAX. */
export const webhookListQuerySchema = z.object({
  limit: pageLimitQuery,
  cursor: z.optional(text(1)),
});
/** `{id}` and `{deliveryId}` of v2 `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver`. */
export const webhookDeliveryParamsSchema = z.object({ id: pathIdSchema, deliveryId: pathIdSchema });
