import type { CreateThreadInput, ThreadUpdateSummary, V1Thread, V2Thread } from '@hearken/core';
import { contact, user } from './people.ts';
import { AT, WORKSPACE_ID } from './portal.ts';

/** A v2 thread row as the service returns it; `overrides` replace fields. */
export function threadRow(id = 'th_1', overrides: Partial<V2Thread> = {}): V2Thread {
  return {
    id,
    title: 'A thread',
    text: 'Text',
    state: 'NEW',
    pain_level: 'UNKNOWN',
    origin: 'API',
    contact: { id: 'c_1', email: 'ann@example.com', name: 'Ann' },
    company_id: null,
    assignee_id: null,
    project_id: null,
    issue_id: null,
    snoozed_until: null,
    metadata: {},
    notify_contact: false,
    moderation: 'clear',
    moderation_reasons: [],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

/**
 * The row the service answers `POST /api/v2/threads` with: what `input` set, the rest as a new
 * thread starts; `overrides` for what the service decides (its id, an origin the proxy forces).
 */
export function createdThreadRow(input: CreateThreadInput, overrides: Partial<V2Thread> = {}): V2Thread {
  return threadRow(overrides.id, {
    title: input.title ?? null,
    text: input.text,
    pain_level: input.pain_level ?? 'UNKNOWN',
    origin: input.origin ?? 'API',
    contact: input.contact_email ? { id: 'c_1', email: input.contact_email, name: input.contact_name ?? null } : null,
    company_id: input.company_id ?? null,
    project_id: input.project_id ?? null,
    issue_id: input.issue_id ?? null,
    metadata: input.metadata ?? {},
    notify_contact: input.notify_contact ?? false,
    moderation: input.moderation ?? 'clear',
    moderation_reasons: input.moderation_reasons ?? [],
    ...overrides,
  });
}

/** A v1 thread ("insight") with its contact, a tag and an assignee. */
export const v1Thread: V1Thread = {
  id: 'th_1',
  createdAt: AT,
  updatedAt: AT,
  isDeleted: false,
  showRecordCall: false,
  lastInboundMessageAt: null,
  lastOutboundMessageAt: null,
  lastStateChangeAt: null,
  text: '<p>Hi</p>',
  painLevel: 'LOW',
  state: 'NEW',
  origin: 'EMAIL',
  title: null,
  snoozedUntil: null,
  workspaceId: WORKSPACE_ID,
  contactId: 'c_1',
  companyId: null,
  reporterId: null,
  assigneeId: 'u_1',
  attachments: [],
  recordingId: null,
  videoId: null,
  chatChannelId: null,
  trackerAttachmentId: null,
  systemAId: null,
  systemCId: null,
  systemBId: null,
  systemDId: null,
  systemEId: null,
  systemFId: null,
  chatReplyId: null,
  uniqueId: null,
  customerNeeds: [],
  contact: contact(),
  company: null,
  tags: [{ id: 'tag_1', name: 'bug', color: 'red', icon: 'bug', tagGroupId: 'tg_1' }],
  assignee: user,
  reporter: null,
};

/** What a v1 thread update answers with. */
export const threadUpdateSummary: ThreadUpdateSummary = {
  id: 'th_1',
  text: 'Updated',
  title: 'Title',
  painLevel: 'HIGH',
  origin: 'API',
  contactEmail: 'ann@example.com',
  contactName: 'Ann',
  projectId: 'p_1',
  state: 'PROCESSED',
  createdAt: AT,
  updatedAt: AT,
  workspaceId: WORKSPACE_ID,
};
