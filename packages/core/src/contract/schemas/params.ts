import * as z from 'zod/mini';
import { _coercedNumber } from 'zod/v4/core';
import {
  CHANGELOG_STATES,
  CONTACTS_TAKE_DEFAULT,
  CONTACTS_TAKE_MAX,
  ISSUE_LABEL_MAX_LENGTH,
  MODERATION_FILTERS,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  THREAD_STATES,
  THREAD_TABS,
} from '../constants.ts';
import { emailSchema, text } from './common.ts';
import { languageSchema } from './workspace.ts';

// Path and query parameters as a URL carries them (strings), for the server's request checks.
// The clients build these from typed values and check them with the input schemas instead.

/** A path id: non-empty and without NUL, which no id, email or database text can hold. */
export const pathIdSchema = /*@__PURE__*/ z
  .string()
  .check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.regex(/^[^\0]*$/, 'must not contain NUL characters'));

/** `true` or `false`; any other text is refused. */
export const booleanQuerySchema = /*@__PURE__*/ z.pipe(
  /*@__PURE__*/ z.enum(['true', 'false']),
  /*@__PURE__*/ z.transform((value) => value === 'true'),
);

/**
 * An integer query parameter of at least `min` (and at most `max`, if given), `fallback` when
 * absent. The URL's text is read with `Number` (so `''` reads as 0 and `abc` is not a number); the
 * document describes it as the integer it is. With `cap`, a value above `max` is lowered to it
 * rather than refused.
 */
const integerQuery = /*@__NO_SIDE_EFFECTS__*/ (min: number, fallback: number, max?: number, cap?: 'cap') =>
  /*@__PURE__*/ z._default(
    /*@__PURE__*/ _coercedNumber(z.ZodMiniNumber).check(
      /*@__PURE__*/ z.int(),
      /*@__PURE__*/ z.gte(min),
      ...(max === undefined
        ? []
        : [
            ...(cap ? [/*@__PURE__*/ z.overwrite((value: number) => Math.min(value, max))] : []),
            /*@__PURE__*/ z.lte(max),
          ]),
    ),
    fallback,
  );

/** `{id}` of `/companies/{id}`, `/insights/{id}` (v1), `/threads/{id}` and `/webhooks/{id}` (v2). */
export const idParamsSchema = /*@__PURE__*/ z.object({ id: pathIdSchema });
/** `{idOrEmail}` of v1 `GET /contacts/{idOrEmail}`: an id or an email address, at most 255 characters. */
export const contactIdParamsSchema = /*@__PURE__*/ z.object({
  idOrEmail: /*@__PURE__*/ pathIdSchema.check(/*@__PURE__*/ z.maxLength(255)),
});
/** `{threadId}` of v1 `POST /insights/{threadId}/messages`. */
export const threadIdParamsSchema = /*@__PURE__*/ z.object({ threadId: pathIdSchema });
/** `{workspaceId}` of the portal's `GET /workspaces/{workspaceId}`, `/projects/{workspaceId}` and `/issues/{workspaceId}`. */
export const workspaceIdParamsSchema = /*@__PURE__*/ z.object({ workspaceId: pathIdSchema });

/** Query of the public portal reads. */
export const portalQuerySchema = /*@__PURE__*/ z.object({ language: /*@__PURE__*/ z.optional(languageSchema) });

/** Query of v1 `GET /companies/{id}`. */
export const getCompanyQuerySchema = /*@__PURE__*/ z.object({
  groupUpvotes: /*@__PURE__*/ z.optional(booleanQuerySchema),
});
/** Query of v1 `GET /insights/{id}`. */
export const getThreadQuerySchema = /*@__PURE__*/ z.object({
  includeConversation: /*@__PURE__*/ z.optional(booleanQuerySchema),
});

/** Query of v1 `GET /contacts`: `skip` 0 or more (default 0), `take` 1 to CONTACTS_TAKE_MAX (default 10). */
export const listContactsQuerySchema = /*@__PURE__*/ z.object({
  skip: /*@__PURE__*/ integerQuery(0, 0),
  take: /*@__PURE__*/ integerQuery(1, CONTACTS_TAKE_DEFAULT, CONTACTS_TAKE_MAX),
});

/** `limit` of a v2 list: 1 or more, default PAGE_LIMIT_DEFAULT; a larger one than PAGE_LIMIT_MAX is lowered to it. */
const pageLimitQuery = /*@__PURE__*/ integerQuery(1, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, 'cap');

/** A query without its `filters` when it has a cursor: the cursor's filters apply, and any sent are ignored. */
const dropBesideCursor =
  (filters: readonly string[]) =>
  (query: Record<string, unknown>): Record<string, unknown> =>
    query.cursor === undefined
      ? query
      : Object.fromEntries(Object.entries(query).filter(([name]) => !filters.includes(name)));

/**
 * Query of v2 `GET /threads`: filters on the first page, then the cursor; a larger `limit` is
 * lowered to PAGE_LIMIT_MAX. Filters sent beside a cursor are dropped unread, so they cannot fail.
 */
export const listThreadsQuerySchema = /*@__PURE__*/ z.pipe(
  /*@__PURE__*/ z.transform(/*@__PURE__*/ dropBesideCursor(['status', 'tab', 'moderation', 'contact_email'])),
  /*@__PURE__*/ z.object({
    status: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_STATES)),
    tab: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_TABS)),
    /** `clear` (the default: threads not held), `held` (suspected spam only) or `all`. */
    moderation: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(MODERATION_FILTERS)),
    /** Only the threads whose contact has this email (compared without regard to case). */
    contact_email: /*@__PURE__*/ z.optional(emailSchema),
    limit: pageLimitQuery,
    cursor: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  }),
);

/**
 * Query of v2 `GET /changelogs`: `state` (default `published`) on the first page, then the cursor,
 * which carries it; a `state` sent beside a cursor is dropped unread. A larger `limit` is lowered
 * to PAGE_LIMIT_MAX.
 */
export const listChangelogsQuerySchema = /*@__PURE__*/ z.pipe(
  /*@__PURE__*/ z.transform(/*@__PURE__*/ dropBesideCursor(['state'])),
  /*@__PURE__*/ z.object({
    state: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(CHANGELOG_STATES)),
    limit: pageLimitQuery,
    cursor: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  }),
);

/**
 * Query of v2 `GET /issues`: `status` and `project_id` on the first page, then the cursor, which
 * carries them; filters sent beside a cursor are dropped unread. A larger `limit` is lowered to
 * PAGE_LIMIT_MAX.
 */
export const listIssuesQuerySchema = /*@__PURE__*/ z.pipe(
  /*@__PURE__*/ z.transform(/*@__PURE__*/ dropBesideCursor(['status', 'project_id'])),
  /*@__PURE__*/ z.object({
    status: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, ISSUE_LABEL_MAX_LENGTH)),
    project_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
    limit: pageLimitQuery,
    cursor: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  }),
);

/** Query of v2 `GET /threads/{id}/messages`: a page size and a cursor; a larger `limit` is lowered to PAGE_LIMIT_MAX. */
export const listMessagesQuerySchema = /*@__PURE__*/ z.object({
  limit: pageLimitQuery,
  cursor: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
});

/** Query of v2 `GET /webhooks` and `GET /webhooks/{id}/deliveries`; a larger `limit` is lowered to PAGE_LIMIT_MAX. */
export const webhookListQuerySchema = /*@__PURE__*/ z.object({
  limit: pageLimitQuery,
  cursor: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
});
/** `{id}` and `{deliveryId}` of v2 `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver`. */
export const webhookDeliveryParamsSchema = /*@__PURE__*/ z.object({ id: pathIdSchema, deliveryId: pathIdSchema });
