import * as z from 'zod/mini';
import { CONTACTS_TAKE_MAX, MEMBER_ROLES, PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import { dateTime, domainSchema, emailSchema, nullableDateTime, nullableString, stringArray, text } from './common.ts';

const painLevel = /*@__PURE__*/ z.enum(PAIN_LEVELS);
const threadState = /*@__PURE__*/ z.enum(THREAD_STATES);

// ---- Users ----

export const updateRoleInputSchema = /*@__PURE__*/ z.strictObject({
  membershipId: /*@__PURE__*/ text(1),
  role: /*@__PURE__*/ z.enum(MEMBER_ROLES),
});
export type UpdateRoleInput = z.input<typeof updateRoleInputSchema>;
/** `PATCH /users/role` answers with an empty object. */
export const updateRoleResultSchema = /*@__PURE__*/ z.object({});
export type UpdateRoleResult = z.output<typeof updateRoleResultSchema>;

// ---- Companies ----

export const companySummarySchema = /*@__PURE__*/ z.looseObject({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  domains: stringArray,
});
export type CompanySummary = z.output<typeof companySummarySchema>;

/** The full v1 company, as returned by `PATCH /companies/{id}`. */
export const companySchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: /*@__PURE__*/ z.boolean(),
  version: /*@__PURE__*/ z.number(),
  trackerCustomerId: nullableString,
  size: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number()),
  revenue: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number()),
  statusId: nullableString,
  statusName: nullableString,
  statusColor: nullableString,
  tierId: nullableString,
  tierName: nullableString,
  logoUrl: nullableString,
  domains: stringArray,
  autoAdd: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.boolean()),
  workspaceId: /*@__PURE__*/ z.string(),
  systemAId: nullableString,
  systemDId: nullableString,
  systemFId: nullableString,
  externalIds: stringArray,
  slugId: nullableString,
});
export type Company = z.output<typeof companySchema>;

/** A company as returned by `GET /companies/{id}`; `upvotes` is filled only with `groupUpvotes`. */
export const companyDetailsSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  domains: stringArray,
  externalIds: stringArray,
  autoAdd: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.boolean()),
  size: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.int()),
  revenue: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.int()),
  tierId: nullableString,
  statusId: nullableString,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: /*@__PURE__*/ z.string(),
  contacts: /*@__PURE__*/ z.array(
    /*@__PURE__*/ z.object({ id: /*@__PURE__*/ z.string(), name: nullableString, email: /*@__PURE__*/ z.string() }),
  ),
  upvotes: /*@__PURE__*/ z.int(),
});
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

export const updateCompanyInputSchema = /*@__PURE__*/ z.strictObject({
  name: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
  domains: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(domainSchema)),
  externalIds: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ text(1, 255))),
  autoAdd: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  /** A whole number the service's 64-bit column holds; zod's `int()` is already within ±2^53. */
  size: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ z.int())),
  revenue: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ z.int())),
  tierId: /*@__PURE__*/ z.optional(nullableString),
  statusId: /*@__PURE__*/ z.optional(nullableString),
  tierName: /*@__PURE__*/ z.optional(nullableString),
  statusName: /*@__PURE__*/ z.optional(nullableString),
  statusColor: /*@__PURE__*/ z.optional(nullableString),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyInputSchema>;

/** `DELETE /companies/{id}`, after `{success, message}` has been normalised to this form. */
export const deleteCompanyResultSchema = /*@__PURE__*/ z.object({
  isDeleted: /*@__PURE__*/ z.boolean(),
  message: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
});
export type DeleteCompanyResult = z.output<typeof deleteCompanyResultSchema>;

/** Both lists are null when no tracker is connected. */
export const trackerOptionsSchema = /*@__PURE__*/ z.object({
  statuses: /*@__PURE__*/ z.nullable(
    /*@__PURE__*/ z.array(
      /*@__PURE__*/ z.object({ id: /*@__PURE__*/ z.string(), name: /*@__PURE__*/ z.string(), color: nullableString }),
    ),
  ),
  tiers: /*@__PURE__*/ z.nullable(
    /*@__PURE__*/ z.array(/*@__PURE__*/ z.object({ id: /*@__PURE__*/ z.string(), name: /*@__PURE__*/ z.string() })),
  ),
});
export type TrackerOptions = z.output<typeof trackerOptionsSchema>;

// ---- Contacts ----

export const contactSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  email: /*@__PURE__*/ z.string(),
  name: nullableString,
  imageUrl: nullableString,
  companyId: nullableString,
  workspaceId: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: /*@__PURE__*/ z.boolean(),
  version: /*@__PURE__*/ z.number(),
  systemAId: /*@__PURE__*/ z.optional(nullableString),
  systemDId: /*@__PURE__*/ z.optional(nullableString),
  systemFId: /*@__PURE__*/ z.optional(nullableString),
  systemBId: /*@__PURE__*/ z.optional(nullableString),
  company: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(companySummarySchema)),
});
export type Contact = z.output<typeof contactSchema>;

/** `GET /contacts`, after a `total` field has been normalised to `count`. */
export const contactListSchema = /*@__PURE__*/ z.object({
  contacts: /*@__PURE__*/ z.array(contactSchema),
  nextPage: /*@__PURE__*/ z.object({ take: /*@__PURE__*/ z.number(), skip: /*@__PURE__*/ z.number() }),
  hasMore: /*@__PURE__*/ z.boolean(),
  count: /*@__PURE__*/ z.number(),
});
export type ContactList = z.output<typeof contactListSchema>;

const nonNegativeInt = /*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(0));
export const listContactsParamsSchema = /*@__PURE__*/ z.strictObject({
  skip: /*@__PURE__*/ z.optional(nonNegativeInt),
  /** At least 1 (a page of nothing cannot advance), at most CONTACTS_TAKE_MAX. */
  take: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(1), /*@__PURE__*/ z.lte(CONTACTS_TAKE_MAX)),
  ),
});
export type ListContactsParams = z.input<typeof listContactsParamsSchema>;

export const createContactInputSchema = /*@__PURE__*/ z
  .strictObject({
    email: emailSchema,
    name: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
    companyId: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
    companyName: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
    companyExternalId: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
  })
  .check(
    /*@__PURE__*/ z.refine(
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
export const contactLookupSchema = /*@__PURE__*/ text(1, 255);

// ---- Threads (`insights`) ----

export const customerNeedSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  feedbackId: /*@__PURE__*/ z.string(),
  projectId: nullableString,
  issueId: nullableString,
  trackerCustomerNeedId: nullableString,
  priority: /*@__PURE__*/ z.number(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type CustomerNeed = z.output<typeof customerNeedSchema>;

export const tagSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  color: nullableString,
  icon: nullableString,
  tagGroupId: nullableString,
});
export type Tag = z.output<typeof tagSchema>;

export const userSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: nullableString,
  email: /*@__PURE__*/ z.string(),
  role: /*@__PURE__*/ z.enum(MEMBER_ROLES),
  imageUrl: nullableString,
  selectedTeamIds: stringArray,
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type User = z.output<typeof userSchema>;

export const addressSchema = /*@__PURE__*/ z.object({
  name: /*@__PURE__*/ z.optional(nullableString),
  email: /*@__PURE__*/ z.string(),
  mailboxHash: /*@__PURE__*/ z.optional(nullableString),
});
export type Address = z.output<typeof addressSchema>;

export const messageSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  date: dateTime,
  isDeleted: /*@__PURE__*/ z.boolean(),
  type: /*@__PURE__*/ z.string(),
  subject: nullableString,
  originalRecipient: nullableString,
  from: addressSchema,
  to: /*@__PURE__*/ z.array(addressSchema),
  cc: /*@__PURE__*/ z.array(addressSchema),
  bcc: /*@__PURE__*/ z.array(addressSchema),
  attachments: /*@__PURE__*/ z.array(/*@__PURE__*/ z.unknown()),
  textContent: nullableString,
  htmlContent: nullableString,
  mailProviderMessageId: nullableString,
  messageId: nullableString,
  uniqueId: nullableString,
  threadId: /*@__PURE__*/ z.string(),
  workspaceId: /*@__PURE__*/ z.string(),
  userId: nullableString,
});
export type Message = z.output<typeof messageSchema>;

export const conversationItemSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  timestamp: dateTime,
  type: /*@__PURE__*/ z.string(),
  data: messageSchema,
});
export type ConversationItem = z.output<typeof conversationItemSchema>;

/** A thread as returned by v1 `GET /insights/{id}`. */
export const v1ThreadSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  isDeleted: /*@__PURE__*/ z.boolean(),
  showRecordCall: /*@__PURE__*/ z.boolean(),
  lastInboundMessageAt: nullableDateTime,
  lastOutboundMessageAt: nullableDateTime,
  lastStateChangeAt: nullableDateTime,
  text: /*@__PURE__*/ z.string(),
  painLevel,
  state: threadState,
  origin: /*@__PURE__*/ z.enum(THREAD_ORIGINS),
  title: nullableString,
  snoozedUntil: nullableDateTime,
  workspaceId: /*@__PURE__*/ z.string(),
  contactId: nullableString,
  companyId: nullableString,
  reporterId: nullableString,
  assigneeId: nullableString,
  attachments: /*@__PURE__*/ z.array(/*@__PURE__*/ z.unknown()),
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
  customerNeeds: /*@__PURE__*/ z.array(customerNeedSchema),
  contact: /*@__PURE__*/ z.nullable(contactSchema),
  company: /*@__PURE__*/ z.nullable(companySchema),
  tags: /*@__PURE__*/ z.array(tagSchema),
  assignee: /*@__PURE__*/ z.nullable(userSchema),
  reporter: /*@__PURE__*/ z.nullable(userSchema),
  conversation: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(conversationItemSchema)),
});
export type V1Thread = z.output<typeof v1ThreadSchema>;

export const updateThreadInputSchema = /*@__PURE__*/ z.strictObject({
  text: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  painLevel: /*@__PURE__*/ z.optional(painLevel),
  projectId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  notify: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.strictObject({
      chat: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
      email: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
    }),
  ),
  state: /*@__PURE__*/ z.optional(threadState),
});
export type UpdateThreadInput = z.input<typeof updateThreadInputSchema>;

/** The flat summary `PATCH /insights/{id}` answers with. */
export const threadUpdateSummarySchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  text: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  painLevel,
  origin: /*@__PURE__*/ z.enum(THREAD_ORIGINS),
  contactEmail: /*@__PURE__*/ z.string(),
  contactName: /*@__PURE__*/ z.string(),
  projectId: /*@__PURE__*/ z.string(),
  state: threadState,
  createdAt: dateTime,
  updatedAt: dateTime,
  workspaceId: /*@__PURE__*/ z.string(),
  issueId: /*@__PURE__*/ z.optional(nullableString),
});
export type ThreadUpdateSummary = z.output<typeof threadUpdateSummarySchema>;

export const messageAttachmentSchema = /*@__PURE__*/ z.strictObject({
  Name: /*@__PURE__*/ z.string(),
  ContentType: /*@__PURE__*/ z.string(),
  Content: /*@__PURE__*/ z.string(),
  ContentLength: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  ContentID: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
});
export type MessageAttachment = z.input<typeof messageAttachmentSchema>;

const addressInputSchema = /*@__PURE__*/ z.strictObject({
  name: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  email: emailSchema,
  mailboxHash: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
});

export const sendMessageInputSchema = /*@__PURE__*/ z.strictObject({
  content: /*@__PURE__*/ text(1),
  cc: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(addressInputSchema)),
  bcc: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(addressInputSchema)),
  attachments: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(messageAttachmentSchema)),
  channelId: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
});
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

export const sendMessageResultSchema = /*@__PURE__*/ z.object({
  messageId: /*@__PURE__*/ z.string(),
  threadId: /*@__PURE__*/ z.string(),
});
export type SendMessageResult = z.output<typeof sendMessageResultSchema>;
