import type { V2Company, V2Contact, V2Message, V2MessageRow, V2Thread } from '@hearken/core';
import {
  type CompanyRow,
  type ContactRow,
  iso,
  isoOrNull,
  type MemberRow,
  type MessageAttachmentRow,
  type MessageRow,
  type ThreadRow,
} from './rows.ts';

/** The thread columns a v2 row shows; lists select only these. */
export type ThreadRowColumns = Pick<
  ThreadRow,
  | 'id'
  | 'title'
  | 'text'
  | 'state'
  | 'painLevel'
  | 'origin'
  | 'companyId'
  | 'assigneeId'
  | 'projectId'
  | 'issueId'
  | 'snoozedUntil'
  | 'metadata'
  | 'notifyContact'
  | 'moderation'
  | 'moderationReasons'
  | 'createdAt'
  | 'updatedAt'
>;

export function toV2Thread(row: ThreadRowColumns, contact: Pick<ContactRow, 'id' | 'email' | 'name'> | null): V2Thread {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    state: row.state,
    pain_level: row.painLevel,
    origin: row.origin as V2Thread['origin'],
    contact: contact ? { id: contact.id, email: contact.email, name: contact.name } : null,
    company_id: row.companyId,
    assignee_id: row.assigneeId,
    project_id: row.projectId,
    issue_id: row.issueId,
    snoozed_until: isoOrNull(row.snoozedUntil),
    metadata: row.metadata,
    notify_contact: row.notifyContact,
    moderation: row.moderation,
    moderation_reasons: row.moderationReasons,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toV2Company(row: CompanyRow, owner: MemberRow | null): V2Company {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoUrl,
    domains: row.domains,
    size: row.size,
    revenue: row.revenue,
    status_id: row.statusId,
    status_name: row.statusName,
    tier_id: row.tierId,
    tier_name: row.tierName,
    owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
    external_ids: row.externalIds,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toV2Contact(row: ContactRow): V2Contact {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company_id: row.companyId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** A message's v2 row: its text (v1 replies keep theirs in `text_content`) and its attachments, without bytes. */
export function toV2MessageRow(row: MessageRow, attachments: readonly AttachmentInfoRow[]): V2MessageRow {
  return {
    id: row.id,
    thread_id: row.threadId,
    content: row.textContent ?? row.htmlContent ?? '',
    attachments: attachments.map(({ id, name, contentType, size }) => ({ id, name, content_type: contentType, size })),
    created_at: iso(row.createdAt),
  };
}

/** The attachment columns a message row lists. */
export type AttachmentInfoRow = Pick<MessageAttachmentRow, 'id' | 'name' | 'contentType' | 'size'>;

/** `message.created`: the v2 message row and the email fields of a v1 reply. */
export function toV2Message(row: MessageRow, attachments: readonly AttachmentInfoRow[] = []): V2Message {
  return {
    ...toV2MessageRow(row, attachments),
    type: row.type,
    subject: row.subject,
    from: row.from,
    to: row.to as unknown[],
    cc: row.cc as unknown[],
    text_content: row.textContent,
    html_content: row.htmlContent,
    date: iso(row.date),
  };
}
