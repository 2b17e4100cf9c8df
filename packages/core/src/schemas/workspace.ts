import * as s from '../schema/index.ts';
import { dateTime, nullableString } from './common.ts';

// The workspace read and the language option, apart from the project and issue schemas, so code
// that reads only branding (the feedback widget) does not carry those.

/** `language` of the portal reads: a BCP 47 tag such as `de` or `pt-BR`. */
export const languageSchema = s
  .string()
  .check(s.regex(/^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/, 'must be a language tag like de or pt-BR'));

/**
 * Workspace branding as served by `GET /api/v1/workspaces/{id}`, after the alternative property
 * names (`slug`, `logo`, `primaryColor`, ...) have been mapped onto these (see `normaliseWorkspace`).
 */
export const workspaceSchema = s.object({
  id: s.string(),
  name: s.string(),
  domain: nullableString,
  darkMode: s.boolean(),
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
  changelogPublic: s.boolean(),
  /** Only in the alternative description; it has no counterpart among the names above. */
  secondaryColor: s.optional(nullableString),
  isPublished: s.optional(s.boolean()),
  createdAt: s.optional(dateTime),
  updatedAt: s.optional(dateTime),
});
export type Workspace = s.Output<typeof workspaceSchema>;

/** ProseMirror-style rich-text document, one of the two forms of changelog notes. */
export const richTextDocSchema = s.looseObject({
  type: s.literal('doc'),
  content: s.array(s.unknown()),
});
export type RichTextDoc = s.Output<typeof richTextDocSchema>;

export const changelogSchema = s.object({
  id: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: s.boolean(),
  version: s.number(),
  date: dateTime,
  published: s.boolean(),
  title: s.string(),
  archived: s.boolean(),
  imageUrl: nullableString,
  projectId: nullableString,
  workspaceId: s.string(),
  /** An HTML string or a rich-text document. */
  notes: s.union([s.string(), richTextDocSchema]),
});
export type Changelog = s.Output<typeof changelogSchema>;

export const workspaceResponseSchema = s.object({
  workspace: workspaceSchema,
  latestChangelog: s.nullable(changelogSchema),
});
export type WorkspaceResponse = s.Output<typeof workspaceResponseSchema>;
