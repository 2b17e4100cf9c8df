import * as z from 'zod/mini';
import { CONTACTS_TAKE_MAX, MEMBER_ROLES, PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import { dateTime, nullableDateTime, nullableString, text } from './common.ts';
import { emailSchema } from './email.ts';
import { domainSchema } from './fields.ts';
import { stringArray } from './lists.ts';

const painLevel = z.enum(PAIN_LEVELS);
const threadState = z.enum(THREAD_STATES);

// ---- Users ----

export const updateRoleInputSchema = z.strictObject({
  membershipId: text(1),
  role: z.enum(MEMBER_ROLES),
});
export type UpdateRoleInput = z.input<typeof updateRoleInputSchema>;
/** `PATCH /users/role` answers with an empty object. */
export const updateRoleResultSchema = z.object({});
export type UpdateRoleResult = z.output<typeof updateRoleResultSchema>;

// ---- Companies ----

export const companySummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  domains: stringArray,
});
export type CompanySummary = z.output<typeof companySummarySchema>;

/** The full v1 company, as returned by `PATCH /companies/{id}`. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: z.boolean(),
  version: z.number(),
  trackerCustomerId: nullableString,
  size: z.nullable(z.number()),
  revenue: z.nullable(z.number()),
  statusId: nullableString,
  statusName: nullableString,
  statusColor: nullableString,
  tierId: nullableString,
  tierName: nullableString,
  logoUrl: nullableString,
  domains: stringArray,
  autoAdd: z.nullable(z.boolean()),
  workspaceId: z.string(),
  systemAId: nullableString,
  systemDId: nullableString,
  systemFId: nullableString,
  externalIds: stringArray,
  slugId: nullableString,
});
export type Company = z.output<typeof companySchema>;

/** A company as returned by `GET /companies/{id}`; `upvotes` is filled only with `groupUpvotes`. */
export const companyDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: stringArray,
  externalIds: stringArray,
  autoAdd: z.nullable(z.boolean()),
  size: z.nullable(z.int()),
  revenue: z.nullable(z.int()),
  tierId: nullableString,
  statusId: nullableString,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: z.string(),
  contacts: z.array(z.object({ id: z.string(), name: nullableString, email: z.string() })),
  upvotes: z.int(),
});
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

export const updateCompanyInputSchema = z.strictObject({
  name: z.optional(text(1, 255)),
  domains: z.optional(z.array(domainSchema)),
  externalIds: z.optional(z.array(text(1, 255))),
  autoAdd: z.optional(z.boolean()),
  /** A whole number the service's 64-bit column holds; zod's `int()` is already within ±2^53. */
  size: z.optional(z.nullable(z.int())),
  revenue: z.optional(z.nullable(z.int())),
  tierId: z.optional(nullableString),
  statusId: z.optional(nullableString),
  tierName: z.optional(nullableString),
  statusName: z.optional(nullableString),
  statusColor: z.optional(nullableString),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInputSchema>;

/** `DELETE /companies/{id}`, after `{success, message}` has been normalised to this form. */
export const deleteCompanyResultSchema = z.object({
  isDeleted: z.boolean(),
  message: z.optional(z.string()),
});
export type DeleteCompanyResult = z.output<typeof deleteCompanyResultSchema>;

/** Both lists are null when no tracker is connected. */
export const trackerOptionsSchema = z.object({
  statuses: z.nullable(z.array(z.object({ id: z.string(), name: z.string(), color: nullableString }))),
  tiers: z.nullable(z.array(z.object({ id: z.string(), name: z.string() }))),
});
export type TrackerOptions = z.output<typeof trackerOptionsSchema>;

// ---- Contacts ----

export const contactSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: nullableString,
  imageUrl: nullableString,
  companyId: nullableString,
  workspaceId: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: z.boolean(),
  version: z.number(),
  systemAId: z.optional(nullableString),
  systemDId: z.optional(nullableString),
  systemFId: z.optional(nullableString),
  systemBId: z.optional(nullableString),
  company: z.optional(z.nullable(companySummarySchema)),
});
export type Contact = z.output<typeof contactSchema>;

/** `GET /contacts`, after a `total` field has been normalised to `count`. */
export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  nextPage: z.object({ take: z.number(), skip: z.number() }),
  hasMore: z.boolean(),
  count: z.number(),
});
export type ContactList = z.output<typeof contactListSchema>;

const nonNegativeInt = z.int().check(z.gte(0));
export const listContactsParamsSchema = z.strictObject({
  skip: z.optional(nonNegativeInt),
  /** At least 1 (a page of nothing cannot advance), at most CONTACTS_TAKE_MAX. */
  take: z.optional(z.int().check(z.gte(1), z.lte(CONTACTS_TAKE_MAX))),
});
export type ListContactsParams = z.input<typeof listContactsParamsSchema>;

export const createContactInputSchema = z
  .strictObject({
    email: emailSchema,
    name: z.optional(text(1, 255)),
    companyId: z.optional(text(1, 255)),
    companyName: z.optional(text(1, 255)),
    companyExternalId: z.optional(text(1, 255)),
  })
  .check(
    z.refine(
      (input: {
        companyId?: string | undefined;
        companyName?: string | undefined;
        companyExternalId?: string | undefined;
      }) => [input.companyId, input.companyName, input.companyExternalId].filter(Boolean).length <= 1,
      {
        error: 'give at most one of companyId, companyName, companyExternalId',
        path: ['companyId'],
      },
    ),
  );
export type CreateContactInput = z.input<typeof createContactInputSchema>;

/** Path id of `GET /contacts/{id}`: a contact id or an email address. */
export const contactLookupSchema = text(1, 255);

// ---- Threads (`insights`) ----

export const customerNeedSchema = z.object({
  id: z.string(),
  feedbackId: z.string(),
  projectId: nullableString,
  issueId: nullableString,
  trackerCustomerNeedId: nullableString,
  priority: z.number(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CustomerNeed = z.output<typeof customerNeedSchema>;

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: nullableString,
  icon: nullableString,
  tagGroupId: nullableString,
});
export type Tag = z.output<typeof tagSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: nullableString,
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  imageUrl: nullableString,
  selectedTeamIds: stringArray,
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type User = z.output<typeof userSchema>;

export const addressSchema = z.object({
  name: z.optional(nullableString),
  email: z.string(),
  mailboxHash: z.optional(nullableString),
});
export type Address = z.output<typeof addressSchema>;

export const messageSchema = z.object({
  id: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  date: dateTime,
  isDeleted: z.boolean(),
  type: z.string(),
  subject: nullableString,
  originalRecipient: nullableString,
  from: addressSchema,
  to: z.array(addressSchema),
  cc: z.array(addressSchema),
  bcc: z.array(addressSchema),
  attachments: z.array(z.unknown()),
  textContent: nullableString,
  htmlContent: nullableString,
  mailProviderMessageId: nullableString,
  messageId: nullableString,
  uniqueId: nullableString,
  threadId: z.string(),
  workspaceId: z.string(),
  userId: nullableString,
});
export type Message = z.output<typeof messageSchema>;

export const conversationItemSchema = z.object({
  id: z.string(),
  timestamp: dateTime,
  type: z.string(),
  data: messageSchema,
});
export type ConversationItem = z.output<typeof conversationItemSchema>;

/** A thread as returned by v1 `GET /insights/{id}`. */
export const v1ThreadSchema = z.object({
  id: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: z.boolean(),
  showRecordCall: z.boolean(),
  lastInboundMessageAt: nullableDateTime,
  lastOutboundMessageAt: nullableDateTime,
  lastStateChangeAt: nullableDateTime,
  text: z.string(),
  painLevel,
  state: threadState,
  origin: z.enum(THREAD_ORIGINS),
  title: nullableString,
  snoozedUntil: nullableDateTime,
  workspaceId: z.string(),
  contactId: nullableString,
  companyId: nullableString,
  reporterId: nullableString,
  assigneeId: nullableString,
  attachments: z.array(z.unknown()),
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
  customerNeeds: z.array(customerNeedSchema),
  contact: z.nullable(contactSchema),
  company: z.nullable(companySchema),
  tags: z.array(tagSchema),
  assignee: z.nullable(userSchema),
  reporter: z.nullable(userSchema),
  conversation: z.optional(z.array(conversationItemSchema)),
});
export type V1Thread = z.output<typeof v1ThreadSchema>;

export const updateThreadInputSchema = z.strictObject({
  text: z.optional(text(1)),
  title: z.optional(z.string()),
  painLevel: z.optional(painLevel),
  projectId: z.optional(z.string()),
  notify: z.optional(z.strictObject({ chat: z.optional(z.boolean()), email: z.optional(z.boolean()) })),
  state: z.optional(threadState),
});
export type UpdateThreadInput = z.input<typeof updateThreadInputSchema>;

/** The flat summary `PATCH /insights/{id}` answers with. */
export const threadUpdateSummarySchema = z.object({
  id: z.string(),
  text: z.string(),
  title: z.string(),
  painLevel,
  origin: z.enum(THREAD_ORIGINS),
  contactEmail: z.string(),
  contactName: z.string(),
  projectId: z.string(),
  state: threadState,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: z.string(),
  issueId: z.optional(nullableString),
});
export type ThreadUpdateSummary = z.output<typeof threadUpdateSummarySchema>;

export const messageAttachmentSchema = z.strictObject({
  Name: z.string(),
  ContentType: z.string(),
  Content: z.string(),
  ContentLength: z.optional(z.string()),
  ContentID: z.optional(z.string()),
});
export type MessageAttachment = z.input<typeof messageAttachmentSchema>;

const addressInputSchema = z.strictObject({
  name: z.optional(z.string()),
  email: emailSchema,
  mailboxHash: z.optional(z.string()),
});

export const sendMessageInputSchema = z.strictObject({
  content: text(1),
  cc: z.optional(z.array(addressInputSchema)),
  bcc: z.optional(z.array(addressInputSchema)),
  attachments: z.optional(z.array(messageAttachmentSchema)),
  channelId: z.optional(z.string()),
});
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

export const sendMessageResultSchema = z.object({ messageId: z.string(), threadId: z.string() });
export type SendMessageResult = z.output<typeof sendMessageResultSchema>;
