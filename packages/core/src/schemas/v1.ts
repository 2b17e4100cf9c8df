import { MEMBER_ROLES, PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import * as s from '../schema/index.ts';
import { dateTime, nullableDateTime, nullableString, text } from './common.ts';
import { emailSchema } from './email.ts';
import { domainSchema } from './fields.ts';
import { stringArray } from './lists.ts';

const painLevel = s.enum(PAIN_LEVELS);
const threadState = s.enum(THREAD_STATES);

// ---- Users ----

export const updateRoleInputSchema = s.strictObject({
  membershipId: text(1),
  role: s.enum(MEMBER_ROLES),
});
export type UpdateRoleInput = s.Input<typeof updateRoleInputSchema>;
/** `PATCH /users/role` answers with an empty object. */
export const updateRoleResultSchema = s.object({});
export type UpdateRoleResult = s.Output<typeof updateRoleResultSchema>;

// ---- Companies ----

export const companySummarySchema = s.looseObject({
  id: s.string(),
  name: s.string(),
  domains: stringArray,
});
export type CompanySummary = s.Output<typeof companySummarySchema>;

/** The full v1 company, as returned by `PATCH /companies/{id}`. */
export const companySchema = s.object({
  id: s.string(),
  name: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: s.boolean(),
  version: s.number(),
  trackerCustomerId: nullableString,
  size: s.nullable(s.number()),
  revenue: s.nullable(s.number()),
  statusId: nullableString,
  statusName: nullableString,
  statusColor: nullableString,
  tierId: nullableString,
  tierName: nullableString,
  logoUrl: nullableString,
  domains: stringArray,
  autoAdd: s.nullable(s.boolean()),
  workspaceId: s.string(),
  systemAId: nullableString,
  systemDId: nullableString,
  systemFId: nullableString,
  externalIds: stringArray,
  slugId: nullableString,
});
export type Company = s.Output<typeof companySchema>;

/** A company as returned by `GET /companies/{id}`; `upvotes` is filled only with `groupUpvotes`. */
export const companyDetailsSchema = s.object({
  id: s.string(),
  name: s.string(),
  domains: stringArray,
  externalIds: stringArray,
  autoAdd: s.nullable(s.boolean()),
  size: s.nullable(s.int()),
  revenue: s.nullable(s.int()),
  tierId: nullableString,
  statusId: nullableString,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: s.string(),
  contacts: s.array(s.object({ id: s.string(), name: nullableString, email: s.string() })),
  upvotes: s.int(),
});
export type CompanyDetails = s.Output<typeof companyDetailsSchema>;

export const updateCompanyInputSchema = s.strictObject({
  name: s.optional(text(1, 255)),
  domains: s.optional(s.array(domainSchema)),
  externalIds: s.optional(s.array(text(1, 255))),
  autoAdd: s.optional(s.boolean()),
  size: s.optional(s.nullable(s.number())),
  revenue: s.optional(s.nullable(s.number())),
  tierId: s.optional(nullableString),
  statusId: s.optional(nullableString),
  tierName: s.optional(nullableString),
  statusName: s.optional(nullableString),
  statusColor: s.optional(nullableString),
});
export type UpdateCompanyInput = s.Input<typeof updateCompanyInputSchema>;

/** `DELETE /companies/{id}`, after `{success, message}` has been normalised to this form. */
export const deleteCompanyResultSchema = s.object({
  isDeleted: s.boolean(),
  message: s.optional(s.string()),
});
export type DeleteCompanyResult = s.Output<typeof deleteCompanyResultSchema>;

/** Both lists are null when no tracker is connected. */
export const trackerOptionsSchema = s.object({
  statuses: s.nullable(s.array(s.object({ id: s.string(), name: s.string(), color: nullableString }))),
  tiers: s.nullable(s.array(s.object({ id: s.string(), name: s.string() }))),
});
export type TrackerOptions = s.Output<typeof trackerOptionsSchema>;

// ---- Contacts ----

export const contactSchema = s.object({
  id: s.string(),
  email: s.string(),
  name: nullableString,
  imageUrl: nullableString,
  companyId: nullableString,
  workspaceId: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: s.boolean(),
  version: s.number(),
  systemAId: s.optional(nullableString),
  systemDId: s.optional(nullableString),
  systemFId: s.optional(nullableString),
  systemBId: s.optional(nullableString),
  company: s.optional(s.nullable(companySummarySchema)),
});
export type Contact = s.Output<typeof contactSchema>;

/** `GET /contacts`, after a `total` field has been normalised to `count`. */
export const contactListSchema = s.object({
  contacts: s.array(contactSchema),
  nextPage: s.object({ take: s.number(), skip: s.number() }),
  hasMore: s.boolean(),
  count: s.number(),
});
export type ContactList = s.Output<typeof contactListSchema>;

const nonNegativeInt = s.int().check(s.gte(0));
export const listContactsParamsSchema = s.strictObject({
  skip: s.optional(nonNegativeInt),
  /** At least 1: a page of nothing cannot advance. */
  take: s.optional(s.int().check(s.gte(1))),
});
export type ListContactsParams = s.Input<typeof listContactsParamsSchema>;

export const createContactInputSchema = s
  .strictObject({
    email: emailSchema.check(s.maxLength(254)),
    name: s.optional(text(1, 255)),
    companyId: s.optional(text(1, 255)),
    companyName: s.optional(text(1, 255)),
    companyExternalId: s.optional(text(1, 255)),
  })
  .check(
    s.refine((input) => [input.companyId, input.companyName, input.companyExternalId].filter(Boolean).length <= 1, {
      message: 'give at most one of companyId, companyName, companyExternalId',
      path: ['companyId'],
    }),
  );
export type CreateContactInput = s.Input<typeof createContactInputSchema>;

/** Path id of `GET /contacts/{id}`: a contact id or an email address. */
export const contactLookupSchema = text(1, 255);

// ---- Threads (`insights`) ----

export const customerNeedSchema = s.object({
  id: s.string(),
  feedbackId: s.string(),
  projectId: nullableString,
  issueId: nullableString,
  trackerCustomerNeedId: nullableString,
  priority: s.number(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CustomerNeed = s.Output<typeof customerNeedSchema>;

export const tagSchema = s.object({
  id: s.string(),
  name: s.string(),
  color: nullableString,
  icon: nullableString,
  tagGroupId: nullableString,
});
export type Tag = s.Output<typeof tagSchema>;

export const userSchema = s.object({
  id: s.string(),
  name: nullableString,
  email: s.string(),
  role: s.enum(MEMBER_ROLES),
  imageUrl: nullableString,
  selectedTeamIds: stringArray,
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type User = s.Output<typeof userSchema>;

export const addressSchema = s.object({
  name: s.optional(nullableString),
  email: s.string(),
  mailboxHash: s.optional(nullableString),
});
export type Address = s.Output<typeof addressSchema>;

export const messageSchema = s.object({
  id: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  date: dateTime,
  isDeleted: s.boolean(),
  type: s.string(),
  subject: nullableString,
  originalRecipient: nullableString,
  from: addressSchema,
  to: s.array(addressSchema),
  cc: s.array(addressSchema),
  bcc: s.array(addressSchema),
  attachments: s.array(s.unknown()),
  textContent: nullableString,
  htmlContent: nullableString,
  mailProviderMessageId: nullableString,
  messageId: nullableString,
  uniqueId: nullableString,
  threadId: s.string(),
  workspaceId: s.string(),
  userId: nullableString,
});
export type Message = s.Output<typeof messageSchema>;

export const conversationItemSchema = s.object({
  id: s.string(),
  timestamp: dateTime,
  type: s.string(),
  data: messageSchema,
});
export type ConversationItem = s.Output<typeof conversationItemSchema>;

/** A thread as returned by v1 `GET /insights/{id}`. */
export const v1ThreadSchema = s.object({
  id: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: s.boolean(),
  showRecordCall: s.boolean(),
  lastInboundMessageAt: nullableDateTime,
  lastOutboundMessageAt: nullableDateTime,
  lastStateChangeAt: nullableDateTime,
  text: s.string(),
  painLevel,
  state: threadState,
  origin: s.enum(THREAD_ORIGINS),
  title: nullableString,
  snoozedUntil: nullableDateTime,
  workspaceId: s.string(),
  contactId: nullableString,
  companyId: nullableString,
  reporterId: nullableString,
  assigneeId: nullableString,
  attachments: s.array(s.unknown()),
  recordingId: nullableString,
  videoId: nullableString,
  chatChannelId: nullableString,
  trackerAttachmentId: nullableString,
  systemAId: nullableString,
  systemCId: nullableString,
  systemBId: nullableString,
  systemDId: nullableString,
  systemEId: nullableString,
  systemFId: nullableString,
  chatReplyId: nullableString,
  uniqueId: nullableString,
  customerNeeds: s.array(customerNeedSchema),
  contact: s.nullable(contactSchema),
  company: s.nullable(companySchema),
  tags: s.array(tagSchema),
  assignee: s.nullable(userSchema),
  reporter: s.nullable(userSchema),
  conversation: s.optional(s.array(conversationItemSchema)),
});
export type V1Thread = s.Output<typeof v1ThreadSchema>;

export const updateThreadInputSchema = s.strictObject({
  text: s.optional(text(1)),
  title: s.optional(s.string()),
  painLevel: s.optional(painLevel),
  projectId: s.optional(s.string()),
  notify: s.optional(s.strictObject({ chat: s.optional(s.boolean()), email: s.optional(s.boolean()) })),
  state: s.optional(threadState),
});
export type UpdateThreadInput = s.Input<typeof updateThreadInputSchema>;

/** The flat summary `PATCH /insights/{id}` answers with. */
export const threadUpdateSummarySchema = s.object({
  id: s.string(),
  text: s.string(),
  title: s.string(),
  painLevel,
  origin: s.enum(THREAD_ORIGINS),
  contactEmail: s.string(),
  contactName: s.string(),
  projectId: s.string(),
  state: threadState,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: s.string(),
  issueId: s.optional(nullableString),
});
export type ThreadUpdateSummary = s.Output<typeof threadUpdateSummarySchema>;

export const messageAttachmentSchema = s.strictObject({
  Name: s.string(),
  ContentType: s.string(),
  Content: s.string(),
  ContentLength: s.optional(s.string()),
  ContentID: s.optional(s.string()),
});
export type MessageAttachment = s.Input<typeof messageAttachmentSchema>;

const addressInputSchema = s.strictObject({
  name: s.optional(s.string()),
  email: emailSchema,
  mailboxHash: s.optional(s.string()),
});

export const sendMessageInputSchema = s.strictObject({
  content: text(1),
  cc: s.optional(s.array(addressInputSchema)),
  bcc: s.optional(s.array(addressInputSchema)),
  attachments: s.optional(s.array(messageAttachmentSchema)),
  channelId: s.optional(s.string()),
});
export type SendMessageInput = s.Input<typeof sendMessageInputSchema>;

export const sendMessageResultSchema = s.object({ messageId: s.string(), threadId: s.string() });
export type SendMessageResult = s.Output<typeof sendMessageResultSchema>;
