/** v2 changelogs: the row, its page, the create and update bodies and the list's parameters. */
import * as z from 'zod/mini';
import { CHANGELOG_ISSUES_MAX, CHANGELOG_STATES } from '../constants.ts';
import { dateTime, nullableString, text } from './common.ts';
import { pageCursorParam, pageInfoSchema, pageLimitParam, pageOf, pageParamsSchema } from './paging.ts';
import { type Changelog, richTextDocSchema } from './workspace.ts';

/** Notes as the portal carries them: an HTML string or a rich-text document. */
export const changelogNotesSchema = /*@__PURE__*/ z.union([/*@__PURE__*/ z.string(), richTextDocSchema]);
export type ChangelogNotes = z.output<typeof changelogNotesSchema>;

/** A changelog entry as every v2 changelog operation returns it (snake_case). */
export const v2ChangelogSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  version: /*@__PURE__*/ z.number(),
  title: /*@__PURE__*/ z.string(),
  date: dateTime,
  published: /*@__PURE__*/ z.boolean(),
  archived: /*@__PURE__*/ z.boolean(),
  image_url: nullableString,
  project_id: nullableString,
  notes: changelogNotesSchema,
  /** The issues it ships, in the order given; a service from before issue links sends none, read as `[]`. */
  issue_ids: /*@__PURE__*/ z._default(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string()), []),
  created_at: dateTime,
  updated_at: dateTime,
});
export type V2Changelog = z.output<typeof v2ChangelogSchema>;

/**
 * What a widget shows of a changelog entry, in the portal's names: the portal's latest entry is
 * one already, and {@link changelogEntry} makes one of a v2 row.
 */
export type ChangelogEntry = Pick<Changelog, 'id' | 'version' | 'title' | 'date' | 'imageUrl' | 'notes' | 'issueIds'>;

/** A v2 changelog row as a {@link ChangelogEntry}. */
export const changelogEntry = (row: V2Changelog): ChangelogEntry => ({
  id: row.id,
  version: row.version,
  title: row.title,
  date: row.date,
  imageUrl: row.image_url,
  notes: row.notes,
  issueIds: row.issue_ids,
});

export const changelogPageSchema = /*@__PURE__*/ pageOf(v2ChangelogSchema, pageInfoSchema);
export type ChangelogPage = z.output<typeof changelogPageSchema>;

const title = /*@__PURE__*/ text(1, 255);
/** Notes that say something: a non-empty HTML string, or a rich-text document. */
const notes = /*@__PURE__*/ z.union([/*@__PURE__*/ text(1), richTextDocSchema]);
const version = /*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(0));
/** Images are shown on customers' pages, which may be served over https only: no http, no data URL. */
const imageUrl = /*@__PURE__*/ z.nullable(
  /*@__PURE__*/ z
    .string()
    .check(
      /*@__PURE__*/ z.maxLength(2048, { abort: true }),
      /*@__PURE__*/ z.url({ protocol: /^https$/, error: 'must be an https URL' }),
    ),
);
const projectId = /*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1));
/** Issues of the workspace the entry ships: at most CHANGELOG_ISSUES_MAX; publishing it tells their followers. */
const issueIds = /*@__PURE__*/ z
  .array(/*@__PURE__*/ text(1))
  .check(/*@__PURE__*/ z.maxLength(CHANGELOG_ISSUES_MAX, { abort: true }));

/** `POST /api/v2/changelogs`: `date` defaults to now, `published` to false, `version` to 1. */
export const createChangelogInputSchema = /*@__PURE__*/ z.strictObject({
  title,
  notes,
  date: /*@__PURE__*/ z.optional(dateTime),
  version: /*@__PURE__*/ z.optional(version),
  image_url: /*@__PURE__*/ z.optional(imageUrl),
  project_id: /*@__PURE__*/ z.optional(projectId),
  issue_ids: /*@__PURE__*/ z.optional(issueIds),
  published: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
});
export type CreateChangelogInput = z.input<typeof createChangelogInputSchema>;

/**
 * `PATCH /api/v2/changelogs/{id}`: any of the create fields, and `archived`; `null` clears an image
 * or project, and `issue_ids` replaces the linked issues (`[]` unlinks them all).
 */
export const updateChangelogInputSchema = /*@__PURE__*/ z.extend(/*@__PURE__*/ z.partial(createChangelogInputSchema), {
  archived: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
});
export type UpdateChangelogInput = z.input<typeof updateChangelogInputSchema>;

const state = /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(CHANGELOG_STATES));

/** The v2 client's `changelogs.list`: `state` counts on the first page only, the cursor carries it on. */
export const listChangelogsParamsSchema = /*@__PURE__*/ z.strictObject({
  state,
  limit: pageLimitParam,
  cursor: pageCursorParam,
});
export type ListChangelogsParams = z.input<typeof listChangelogsParamsSchema>;

export const iterateChangelogsParamsSchema = /*@__PURE__*/ z.strictObject({ state, limit: pageLimitParam });
export type IterateChangelogsParams = z.input<typeof iterateChangelogsParamsSchema>;

/** The keyless read of published entries (through the key proxy): a page size and a cursor, no filter. */
export const publishedChangelogsParamsSchema = pageParamsSchema;
export type PublishedChangelogsParams = z.input<typeof publishedChangelogsParamsSchema>;
