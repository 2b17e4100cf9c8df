import * as z from 'zod/mini';
import { dateTime, nullableString } from './common.ts';
import { workspaceSchema } from './workspace.ts';

// The workspace read's whole answer: the branding plus the latest changelog.

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
});
export type Changelog = z.output<typeof changelogSchema>;

export const workspaceResponseSchema = /*@__PURE__*/ z.object({
  workspace: workspaceSchema,
  latestChangelog: /*@__PURE__*/ z.nullable(changelogSchema),
});
export type WorkspaceResponse = z.output<typeof workspaceResponseSchema>;
