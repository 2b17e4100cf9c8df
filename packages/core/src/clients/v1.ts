import * as z from 'zod/mini';
import {
  type Company,
  type CompanyDetails,
  type Contact,
  type ContactList,
  type CreateContactInput,
  type DeleteCompanyResult,
  type ListContactsParams,
  listContactsParamsSchema,
  type SendMessageInput,
  type SendMessageResult,
  type ThreadUpdateSummary,
  type TrackerOptions,
  type UpdateCompanyInput,
  type UpdateRoleInput,
  type UpdateRoleResult,
  type UpdateThreadInput,
  type V1Thread,
} from '../contract/schemas/v1.ts';
import { type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import * as operations from '../operations/v1.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport } from '../transport/http.ts';
import type { CallOptions, IdempotentCallOptions, TransportOptions } from '../transport/options.ts';
import { checkV1Key, createCall } from './call.ts';
import { normaliseContactList, normaliseDeleteCompany } from './normalise.ts';
import { paginate, stalled } from './paging.ts';
import { createPortalReads, type PortalClient } from './portal.ts';

export interface V1ClientOptions extends TransportOptions, ResponseValidationOptions {
  /** A v1 key (`cfs_v1_...`), sent as `Authorization: Bearer`. */
  apiKey: string;
}

/** The v1 API (`/api/v1`, camelCase bodies, skip/take paging), sent with the key as a bearer token. */
export interface V1Client {
  users: {
    /** Only an admin may change roles; nobody their own; the last admin cannot be demoted. */
    updateRole(input: UpdateRoleInput, options?: IdempotentCallOptions): Promise<UpdateRoleResult>;
  };
  contacts: {
    /** One page of the workspace's contacts: `skip` (default 0) and `take` (default 10); `count` is the total. */
    list(params?: ListContactsParams, options?: CallOptions): Promise<ContactList>;
    /** Every contact, page after page (`take` per page), each exactly once. */
    iterate(params?: Pick<ListContactsParams, 'take'>, options?: CallOptions): AsyncIterable<Contact>;
    /**
     * Creates a contact, linked to a company by at most one of `companyId`, `companyName` (created
     * when no company has that name) or `companyExternalId`.
     */
    create(input: CreateContactInput, options?: IdempotentCallOptions): Promise<Contact>;
    /** By contact id or by email address. */
    get(idOrEmail: string, options?: CallOptions): Promise<Contact>;
  };
  companies: {
    /** With `groupUpvotes`, `upvotes` holds the aggregated count. */
    get(id: string, options?: CallOptions & { groupUpvotes?: boolean | undefined }): Promise<CompanyDetails>;
    /** Changes only the fields given (`null` clears size, revenue, tier and status); answers the full company. */
    update(id: string, patch: UpdateCompanyInput, options?: IdempotentCallOptions): Promise<Company>;
    /** Irreversible; `isDeleted` is true once done (`message` where the service gives one). */
    delete(id: string, options?: IdempotentCallOptions): Promise<DeleteCompanyResult>;
    /** The tracker's statuses and tiers (valid `statusId`/`tierId` values); both null without a tracker. */
    trackerOptions(options?: CallOptions): Promise<TrackerOptions>;
  };
  /** Threads, which v1 calls `insights` in its paths. */
  threads: {
    /** A thread with its contact, company, tags and people; `includeConversation` asks for its messages too. */
    get(id: string, options?: CallOptions & { includeConversation?: boolean | undefined }): Promise<V1Thread>;
    /**
     * Changes only the fields given; `notify` tells people by chat or email. Answers a flat summary.
     * Repeated after a lost answer with the same Idempotency-Key, so nobody is notified twice.
     */
    update(id: string, patch: UpdateThreadInput, options?: IdempotentCallOptions): Promise<ThreadUpdateSummary>;
    /** Sends a message (an email) on the thread's conversation. */
    sendMessage(threadId: string, input: SendMessageInput, options?: IdempotentCallOptions): Promise<SendMessageResult>;
  };
  /** The public portal reads (sent without the key). */
  portal: PortalClient;
}

/** `groupUpvotes`, `includeConversation`: sent as `true`/`false`, so nothing else may pass. */
const flagSchema = /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean());
/** What `contacts.iterate` takes: a page size; `skip` is its own to move. */
const iterateContactsSchema = /*@__PURE__*/ z.strictObject({ take: listContactsParamsSchema.shape.take });

/** Client for the v1 API. */
export function createV1Client(options: V1ClientOptions): V1Client {
  checkClientOptions(options);
  checkV1Key(options.apiKey);
  const call = createCall(
    createTransport({ ...options, headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` } }),
    options,
  );

  const listContacts = async (params: ListContactsParams = {}, callOptions?: CallOptions) =>
    call(
      operations.v1ListContactsOperation,
      { query: validateInput(listContactsParamsSchema, params) },
      callOptions,
      normaliseContactList,
    );

  async function* iterateContacts(
    params: Pick<ListContactsParams, 'take'> = {},
    callOptions?: CallOptions,
  ): AsyncGenerator<Contact> {
    const { take } = validateInput(iterateContactsSchema, params);
    yield* paginate<number, Contact>(async (skip = 0) => {
      const page = await listContacts({ skip, take }, callOptions);
      if (!page.hasMore) return { items: page.contacts, next: undefined };
      if (page.nextPage.skip <= skip) {
        throw stalled(
          operations.v1ListContactsOperation,
          ['nextPage', 'skip'],
          'must move forward while hasMore is true',
        );
      }
      return { items: page.contacts, next: page.nextPage.skip };
    });
  }

  return {
    users: {
      updateRole: async (input, callOptions) => call(operations.v1UpdateRoleOperation, { body: input }, callOptions),
    },
    contacts: {
      list: listContacts,
      iterate: iterateContacts,
      create: async (input, callOptions) => call(operations.v1CreateContactOperation, { body: input }, callOptions),
      get: async (idOrEmail, callOptions) =>
        call(operations.v1GetContactOperation, { params: { idOrEmail } }, callOptions),
    },
    companies: {
      get: async (id, { groupUpvotes, ...callOptions } = {}) =>
        call(
          operations.v1GetCompanyOperation,
          { params: { id }, query: { groupUpvotes: validateInput(flagSchema, groupUpvotes, 'groupUpvotes') } },
          callOptions,
        ),
      update: async (id, patch, callOptions) =>
        call(operations.v1UpdateCompanyOperation, { params: { id }, body: patch }, callOptions),
      delete: async (id, callOptions) =>
        call(operations.v1DeleteCompanyOperation, { params: { id } }, callOptions, normaliseDeleteCompany),
      trackerOptions: async (callOptions) => call(operations.v1GetTrackerOptionsOperation, {}, callOptions),
    },
    threads: {
      get: async (id, { includeConversation, ...callOptions } = {}) =>
        call(
          operations.v1GetThreadOperation,
          {
            params: { id },
            query: { includeConversation: validateInput(flagSchema, includeConversation, 'includeConversation') },
          },
          callOptions,
        ),
      update: async (id, patch, callOptions) =>
        call(operations.v1UpdateThreadOperation, { params: { id }, body: patch }, callOptions),
      sendMessage: async (threadId, input, callOptions) =>
        call(operations.v1SendMessageOperation, { params: { threadId }, body: input }, callOptions),
    },
    portal: createPortalReads(createTransport(options), options),
  };
}
