import * as z from 'zod/mini';
import { dateTime, nullableString } from './common.ts';

// The workspace read: the branding, the latest changelog and the language option.

/** `language` of the portal reads: a BCP 47 tag such as `de` or `pt-BR`. */
export const languageSchema = /*@__PURE__*/ z
  .string()
  .check(/*@__PURE__*/ z.regex(/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/, 'must be a language tag like de or pt-BR'));

/**
 * Workspace branding as served by `GET /api/v1/workspaces/{id}`, after the alternative property
 * names (`slug`, `logo`, `primaryColor`, ...) have been mapped onto these (see `normaliseWorkspace`).
 */
export const workspaceSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  domain: nullableString,
  darkMode: /*@__PURE__*/ z.boolean(),
  backgroundColor: nullableString,
  darkModeBackgroundColor: nullableString,
  textColor: nullableString,
  darkModeTextColor: nullableString,
  accentColor: nullableString,
  darkModeAccentColor: nullableString,
  accentTextColor: nullableString,
  darkModeAccentTextColor: nullableString,
  buttonTextColor: nullableString,
  darkModeButtonTextColor: nullableString,
  customDomain: nullableString,
  logoLink: nullableString,
  logoUrl: nullableString,
  changelogPublic: /*@__PURE__*/ z.boolean(),
  /** Only in the alternative description; it has no counterpart among the names above. */
  secondaryColor: /*@__PURE__*/ z.optional(nullableString),
  isPublished: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  createdAt: /*@__PURE__*/ z.optional(dateTime),
  updatedAt: /*@__PURE__*/ z.optional(dateTime),
});
export type Workspace = z.output<typeof workspaceSchema>;

/** ProseMirror-style rich-text document, one of the two forms of changelog notes. */
export const richTextDocSchema = /*@__PURE__*/ z.looseObject({
  type: /*@__PURE__*/ z.literal('doc'),
  content: /*@__PURE__*/ z.array(/*@__PURE__*/ z.unknown()),
});
export type RichTextDoc = z.output<typeof richTextDocSchema>;

export const changelogSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: /*@__PURE__*/ z.boolean(),
  version: /*@__PURE__*/ z.number(),
  date: dateTime,
  published: /*@__PURE__*/ z.boolean(),
  title: /*@__PURE__*/ z.string(),
  archived: /*@__PURE__*/ z.boolean(),
  imageUrl: nullableString,
  projectId: nullableString,
  workspaceId: /*@__PURE__*/ z.string(),
  /** An HTML string or a rich-text document. */
  notes: /*@__PURE__*/ z.union([/*@__PURE__*/ z.string(), richTextDocSchema]),
  /**
   * The issues the entry ships (this service's addition to the portal's fields); absent from a
   * service that does not link them, where only the title can tell.
   */
  issueIds: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string())),
});
export type Changelog = z.output<typeof changelogSchema>;

export const workspaceResponseSchema = /*@__PURE__*/ z.object({
  workspace: workspaceSchema,
  latestChangelog: /*@__PURE__*/ z.nullable(changelogSchema),
});
export type WorkspaceResponse = z.output<typeof workspaceResponseSchema>;
