import type {
  Address,
  Company,
  CompanyDetails,
  Contact,
  ConversationItem,
  CustomerNeed,
  Tag,
  ThreadUpdateSummary,
  User,
  V1Thread,
} from '@hearken/core';
import {
  type CompanyRow,
  type ContactRow,
  iso,
  isoOrNull,
  type MemberRow,
  type MessageRow,
  type NeedRow,
  type TagRow,
  type ThreadRow,
} from './rows.ts';

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    isDeleted: row.isDeleted,
    version: row.version,
    trackerCustomerId: row.trackerCustomerId,
    size: row.size,
    revenue: row.revenue,
    statusId: row.statusId,
    statusName: row.statusName,
    statusColor: row.statusColor,
    tierId: row.tierId,
    tierName: row.tierName,
    logoUrl: row.logoUrl,
    domains: row.domains,
    autoAdd: row.autoAdd,
    workspaceId: row.workspaceId,
    systemAId: row.systemAId,
    systemDId: row.systemDId,
    systemFId: row.systemFId,
    externalIds: row.externalIds,
    slugId: row.slugId,
  };
}

export function toCompanyDetails(
  row: CompanyRow,
  people: Pick<ContactRow, 'id' | 'name' | 'email'>[],
  upvotes: number,
): CompanyDetails {
  return {
    id: row.id,
    name: row.name,
    domains: row.domains,
    externalIds: row.externalIds,
    autoAdd: row.autoAdd,
    size: row.size,
    revenue: row.revenue,
    tierId: row.tierId,
    statusId: row.statusId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    workspaceId: row.workspaceId,
    contacts: people.map(({ id, name, email }) => ({ id, name, email })),
    upvotes,
  };
}

export function toContact(row: ContactRow, company?: CompanyRow | null): Contact {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    imageUrl: row.imageUrl,
    companyId: row.companyId,
    workspaceId: row.workspaceId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    isDeleted: row.isDeleted,
    version: row.version,
    systemAId: row.systemAId,
    systemBId: row.systemBId,
    systemDId: row.systemDId,
    systemFId: row.systemFId,
    ...(company === undefined
      ? {}
      : { company: company ? { id: company.id, name: company.name, domains: company.domains } : null }),
  };
}

export function toUser(row: MemberRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    imageUrl: row.imageUrl,
    selectedTeamIds: row.selectedTeamIds,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  icon: row.icon,
  tagGroupId: row.tagGroupId,
});

const toNeed = (row: NeedRow): CustomerNeed => ({
  id: row.id,
  feedbackId: row.threadId,
  projectId: row.projectId,
  issueId: row.issueId,
  trackerCustomerNeedId: row.trackerCustomerNeedId,
  priority: row.priority,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export function toConversationItem(row: MessageRow): ConversationItem {
  return {
    id: row.id,
    timestamp: iso(row.date),
    type: 'email',
    data: {
      id: row.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      date: iso(row.date),
      isDeleted: row.isDeleted,
      type: row.type,
      subject: row.subject,
      originalRecipient: row.originalRecipient,
      from: row.from as Address,
      to: row.to as Address[],
      cc: row.cc as Address[],
      bcc: row.bcc as Address[],
      attachments: row.attachments as unknown[],
      textContent: row.textContent,
      htmlContent: row.htmlContent,
      mailProviderMessageId: row.mailProviderMessageId,
      messageId: row.messageId,
      uniqueId: row.uniqueId,
      threadId: row.threadId,
      workspaceId: row.workspaceId,
      userId: row.userId,
    },
  };
}

/** Everything a v1 thread links to, loaded beside the thread row. */
export interface ThreadRelations {
  contact: ContactRow | null;
  company: CompanyRow | null;
  assignee: MemberRow | null;
  reporter: MemberRow | null;
  tags: TagRow[];
  needs: NeedRow[];
  conversation?: MessageRow[];
}

export function toV1Thread(row: ThreadRow, related: ThreadRelations): V1Thread {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    isDeleted: row.isDeleted,
    showRecordCall: row.showRecordCall,
    lastInboundMessageAt: isoOrNull(row.lastInboundMessageAt),
    lastOutboundMessageAt: isoOrNull(row.lastOutboundMessageAt),
    lastStateChangeAt: isoOrNull(row.lastStateChangeAt),
    text: row.text,
    painLevel: row.painLevel,
    state: row.state,
    origin: row.origin as V1Thread['origin'],
    title: row.title,
    snoozedUntil: isoOrNull(row.snoozedUntil),
    workspaceId: row.workspaceId,
    contactId: row.contactId,
    companyId: row.companyId,
    reporterId: row.reporterId,
    assigneeId: row.assigneeId,
    attachments: row.attachments as unknown[],
    recordingId: row.recordingId,
    videoId: row.videoId,
    chatChannelId: row.chatChannelId,
    trackerAttachmentId: row.trackerAttachmentId,
    systemAId: row.systemAId,
    systemCId: row.systemCId,
    systemBId: row.systemBId,
    systemDId: row.systemDId,
    systemEId: row.systemEId,
    systemFId: row.systemFId,
    chatReplyId: row.chatReplyId,
    uniqueId: row.uniqueId,
    customerNeeds: related.needs.map(toNeed),
    contact: related.contact ? toContact(related.contact) : null,
    company: related.company ? toCompany(related.company) : null,
    tags: related.tags.map(toTag),
    assignee: related.assignee ? toUser(related.assignee) : null,
    reporter: related.reporter ? toUser(related.reporter) : null,
    ...(related.conversation ? { conversation: related.conversation.map(toConversationItem) } : {}),
  };
}

/**
 * The flat summary PATCH /insights answers with. Its fields are all strings, so an absent
 * title, contact or project is an empty string.
 */
export function toThreadSummary(row: ThreadRow, contact: ContactRow | null): ThreadUpdateSummary {
  return {
    id: row.id,
    text: row.text,
    title: row.title ?? '',
    painLevel: row.painLevel,
    origin: row.origin as ThreadUpdateSummary['origin'],
    contactEmail: contact?.email ?? '',
    contactName: contact?.name ?? '',
    projectId: row.projectId ?? '',
    state: row.state,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    workspaceId: row.workspaceId,
    issueId: row.issueId,
  };
}
