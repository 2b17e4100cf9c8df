import * as z from 'zod/mini';
import { dateTime, nullableString } from './common.ts';
import { workspaceSchema } from './workspace.ts';

// The workspace read's whole answer: the branding plus the latest changelog.

/** ProseMirror-style rich-text document, one of the two forms of changelog notes. */
export const richTextDocSchema = z.looseObject({
  type: z.literal('doc'),
  content: z.array(z.unknown()),
});
export type RichTextDoc = z.output<typeof richTextDocSchema>;

export const changelogSchema = z.object({
  id: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: z.boolean(),
  version: z.number(),
  date: dateTime,
  published: z.boolean(),
  title: z.string(),
  archived: z.boolean(),
  imageUrl: nullableString,
  projectId: nullableString,
  workspaceId: z.string(),
  /** An HTML string or a rich-text document. */
  notes: z.union([z.string(), richTextDocSchema]),
});
export type Changelog = z.output<typeof changelogSchema>;

export const workspaceResponseSchema = z.object({
  workspace: workspaceSchema,
  latestChangelog: z.nullable(changelogSchema),
});
export type WorkspaceResponse = z.output<typeof workspaceResponseSchema>;
