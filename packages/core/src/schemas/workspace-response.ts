import * as s from '../schema/index.ts';
import { dateTime, nullableString } from './common.ts';
import { workspaceSchema } from './workspace.ts';

// The workspace read's whole answer: the branding plus the latest changelog.

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
