import {
  company,
  companyDetails,
  contact,
  createFakeFetch,
  json,
  project,
  type RecordedRequest,
  threadUpdateSummary,
  v1Thread,
} from '@hearken/test-support';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DOMAIN_PATTERN } from '../contract/constants.ts';
import { isRequestValidationError, isResponseShapeError } from '../contract/errors.ts';
import { createV1Client } from './v1.ts';

const baseUrl = 'https://api.example.com';
const apiKey = `cfs_v1_${'b'.repeat(32)}`;
const client = (fetch: typeof globalThis.fetch) => createV1Client({ baseUrl, apiKey, fetch });
const sent = (call: RecordedRequest | undefined) => [
  call?.method,
  `${call?.url.pathname}${call?.url.search}`,
  call?.body,
];
const contactPage = (contacts: unknown[], skip: number, hasMore: boolean, total: 'count' | 'total' = 'count') => ({
  contacts,
  nextPage: { skip: skip + contacts.length, take: 10 },
  hasMore,
  [total]: 42,
});

describe('createV1Client endpoints', () => {
  it('users.updateRole: PATCH /users/role', async () => {
    const server = createFakeFetch(() => json(200, {}));
    expect(await client(server.fetch).users.updateRole({ membershipId: 'm_1', role: 'VIEWER' })).toEqual({});
    expect(sent(server.calls[0])).toEqual(['PATCH', '/api/v1/users/role', { membershipId: 'm_1', role: 'VIEWER' }]);
    expect(server.calls[0]?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it('contacts.list: GET /contacts with skip and take; count or total', async () => {
    for (const total of ['count', 'total'] as const) {
      const server = createFakeFetch(() => json(200, contactPage([contact()], 20, true, total)));
      const page = await client(server.fetch).contacts.list({ skip: 20, take: 5 });
      expect(page.count).toBe(42);
      expect(page).not.toHaveProperty('total');
      expect(sent(server.calls[0])).toEqual(['GET', '/api/v1/contacts?skip=20&take=5', undefined]);
    }
  });

  it('contacts.create: POST /contacts', async () => {
    const server = createFakeFetch(() => json(200, contact()));
    const input = { email: 'ann@example.com', name: 'Ann', companyName: 'Acme' };
    expect(await client(server.fetch).contacts.create(input)).toEqual(contact());
    expect(sent(server.calls[0])).toEqual(['POST', '/api/v1/contacts', input]);
  });

  it('contacts.get: GET /contacts/{id or email}, encoded', async () => {
    const server = createFakeFetch(() => json(200, contact()));
    await client(server.fetch).contacts.get('ann+x@example.com');
    expect(server.calls[0]?.url.pathname).toBe('/api/v1/contacts/ann%2Bx%40example.com');
  });

  it('companies.get: GET /companies/{id} with groupUpvotes', async () => {
    const server = createFakeFetch(() => json(200, companyDetails));
    expect(await client(server.fetch).companies.get(company.id, { groupUpvotes: true })).toEqual(companyDetails);
    await client(server.fetch).companies.get(company.id);
    expect(server.calls.map((call) => `${call.url.pathname}${call.url.search}`)).toEqual([
      `/api/v1/companies/${company.id}?groupUpvotes=true`,
      `/api/v1/companies/${company.id}`,
    ]);
  });

  it('companies.update: PATCH /companies/{id} with only the given fields', async () => {
    const server = createFakeFetch(() => json(200, company));
    const patch = { domains: ['acme.com', 'acme.co.uk'], size: null, tierId: 'tier_1' };
    expect(await client(server.fetch).companies.update(company.id, patch)).toEqual(company);
    expect(sent(server.calls[0])).toEqual(['PATCH', `/api/v1/companies/${company.id}`, patch]);
  });

  it.each([
    ['{isDeleted}', { isDeleted: true }, { isDeleted: true }],
    [
      '{success, message}',
      { success: true, message: 'Company deleted' },
      { isDeleted: true, message: 'Company deleted' },
    ],
  ])('companies.delete: DELETE /companies/{id}, answer %s normalised', async (_form, body, expected) => {
    const server = createFakeFetch(() => json(200, body));
    expect(await client(server.fetch).companies.delete(company.id)).toEqual(expected);
    expect(sent(server.calls[0])).toEqual(['DELETE', `/api/v1/companies/${company.id}`, undefined]);
  });

  it('companies.trackerOptions: GET /companies/tracker-options, null lists without a tracker', async () => {
    const server = createFakeFetch(() => json(200, { statuses: null, tiers: null }));
    expect(await client(server.fetch).companies.trackerOptions()).toEqual({ statuses: null, tiers: null });
    expect(sent(server.calls[0])).toEqual(['GET', '/api/v1/companies/tracker-options', undefined]);
  });

  it('threads.get: GET /insights/{id} with includeConversation', async () => {
    const server = createFakeFetch(() => json(200, v1Thread));
    expect(await client(server.fetch).threads.get('th_1', { includeConversation: false })).toEqual(v1Thread);
    expect(sent(server.calls[0])).toEqual(['GET', '/api/v1/insights/th_1?includeConversation=false', undefined]);
  });

  it('threads.update: PATCH /insights/{id}', async () => {
    const server = createFakeFetch(() => json(200, threadUpdateSummary));
    const patch = { state: 'PROCESSED' as const, notify: { chat: false, email: true } };
    expect(await client(server.fetch).threads.update('th_1', patch)).toEqual(threadUpdateSummary);
    expect(sent(server.calls[0])).toEqual(['PATCH', '/api/v1/insights/th_1', patch]);
  });

  it('threads.update: after a lost answer, repeats the PATCH with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    try {
      let answered = 0;
      const server = createFakeFetch(() => {
        // The first answer is lost on the way back; the server applied the patch all the same.
        if (answered++ === 0) throw new TypeError('connection reset');
        return json(200, threadUpdateSummary);
      });
      const patch = { notify: { email: true } };
      const update = client(server.fetch).threads.update('th_1', patch);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await update).toEqual(threadUpdateSummary);
      const keys = server.calls.map((call) => call.headers.get('idempotency-key'));
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('threads.update with idempotencyKey: false is never repeated', async () => {
    const server = createFakeFetch(() => {
      throw new TypeError('connection reset');
    });
    const error = await client(server.fetch)
      .threads.update('th_1', { notify: { email: true } }, { idempotencyKey: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', method: 'PATCH' });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('threads.sendMessage: POST /insights/{threadId}/messages', async () => {
    const server = createFakeFetch(() => json(200, { messageId: 'msg_1', threadId: 'th_1' }));
    const input = {
      content: 'Thanks!',
      cc: [{ email: 'cc@example.com', name: 'Cc' }],
      attachments: [{ Name: 'a.txt', ContentType: 'text/plain', Content: 'aGk=', ContentLength: '2' }],
    };
    expect(await client(server.fetch).threads.sendMessage('th_1', input)).toEqual({
      messageId: 'msg_1',
      threadId: 'th_1',
    });
    expect(sent(server.calls[0])).toEqual(['POST', '/api/v1/insights/th_1/messages', input]);
  });

  it('portal: the public reads, without the key', async () => {
    const server = createFakeFetch(() => json(200, { projects: [project()] }));
    expect(await client(server.fetch).portal.listProjects('ws_1', { language: 'es' })).toEqual([project()]);
    expect(sent(server.calls[0])).toEqual(['GET', '/api/v1/projects/ws_1?language=es', undefined]);
    expect(server.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('a v1 error arrives as its class with the server message', async () => {
    const server = createFakeFetch(() => json(403, { message: 'The last admin cannot be demoted', code: 'FORBIDDEN' }));
    await expect(client(server.fetch).users.updateRole({ membershipId: 'm', role: 'USER' })).rejects.toMatchObject({
      name: 'ForbiddenError',
      status: 403,
      code: 'FORBIDDEN',
      message: 'The last admin cannot be demoted',
    });
  });
});

describe('contacts.iterate', () => {
  function contactServer(total: number, pageSize: number) {
    return createFakeFetch((request) => {
      const skip = Number(request.url.searchParams.get('skip'));
      const take = Number(request.url.searchParams.get('take') ?? 10);
      const ids = Array.from({ length: Math.max(0, Math.min(take, total - skip, pageSize)) }, (_, i) =>
        contact(`c${skip + i}`),
      );
      return json(200, {
        contacts: ids,
        nextPage: { skip: skip + ids.length, take },
        hasMore: skip + ids.length < total,
        total,
      });
    });
  }

  it('walks skip/take until hasMore is false', async () => {
    const server = contactServer(23, 10);
    const ids = [];
    for await (const c of client(server.fetch).contacts.iterate({ take: 10 })) ids.push(c.id);
    expect(ids).toEqual(Array.from({ length: 23 }, (_, i) => `c${i}`));
    expect(server.calls.map((call) => call.url.search)).toEqual([
      '?skip=0&take=10',
      '?skip=10&take=10',
      '?skip=20&take=10',
    ]);
  });

  it('refuses a skip, which it would otherwise drop silently, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, contactPage([], 0, false)));
    const rows = client(server.fetch).contacts.iterate({ skip: 20 } as never);
    const error = await (async () => {
      for await (const _ of rows);
    })().catch((e: unknown) => e);
    expect(isRequestValidationError(error) && error.field).toBe('skip');
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a page that does not move forward', async () => {
    const server = createFakeFetch(() =>
      json(200, { contacts: [], nextPage: { skip: 0, take: 10 }, hasMore: true, count: 5 }),
    );
    const error = await (async () => {
      for await (const _c of client(server.fetch).contacts.iterate());
    })().catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
  });

  it('property: yields every contact exactly once, whatever the total, take and short pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 60 }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 15 }),
        async (total, take, pageSize) => {
          const server = contactServer(total, pageSize);
          const ids: string[] = [];
          for await (const c of client(server.fetch).contacts.iterate({ take })) ids.push(c.id);
          expect(ids).toEqual(Array.from({ length: total }, (_, i) => `c${i}`));
        },
      ),
      { numRuns: 80 },
    );
    // Thousands of requests through the real transport: correctness, not speed, is checked here.
  }, 30_000);
});

describe('request validation', () => {
  const rejects = async (run: (v1: ReturnType<typeof client>) => Promise<unknown>, field: string) => {
    const server = createFakeFetch(() => json(200, {}));
    const error = await run(client(server.fetch)).catch((e: unknown) => e);
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field });
    expect(server.calls).toHaveLength(0);
  };

  it('names the failing field and sends nothing', async () => {
    await rejects((v1) => v1.users.updateRole({ membershipId: 'm', role: 'OWNER' as never }), 'role');
    await rejects((v1) => v1.users.updateRole({ membershipId: 'm', role: 'USER', extra: 1 } as never), 'extra');
    await rejects((v1) => v1.contacts.list({ skip: -1 }), 'skip');
    await rejects((v1) => v1.contacts.list({ take: 0 }), 'take');
    await rejects((v1) => v1.contacts.create({ email: 'nope' }), 'email');
    await rejects((v1) => v1.contacts.create({ email: `${'a'.repeat(250)}@x.co` }), 'email');
    await rejects((v1) => v1.contacts.create({ email: 'a@b.co', name: '' }), 'name');
    await rejects((v1) => v1.contacts.create({ email: 'a@b.co', companyName: 'x'.repeat(256) }), 'companyName');
    await rejects((v1) => v1.contacts.get('x'.repeat(256)), 'idOrEmail');
    await rejects((v1) => v1.companies.get(''), 'id');
    await rejects((v1) => v1.companies.update('co', { domains: ['acme.com', 'acme.toolongtld'] }), 'domains.1');
    await rejects((v1) => v1.companies.update('co', { externalIds: ['x'.repeat(256)] }), 'externalIds.0');
    await rejects((v1) => v1.threads.update('th', { text: '' }), 'text');
    await rejects((v1) => v1.threads.update('th', { painLevel: 'SEVERE' as never }), 'painLevel');
    await rejects((v1) => v1.threads.sendMessage('', { content: 'x' }), 'threadId');
    await rejects((v1) => v1.threads.sendMessage('th', { content: '' }), 'content');
    await rejects((v1) => v1.threads.sendMessage('th', { content: 'x', cc: [{ email: 'bad' }] }), 'cc.0.email');
  });

  it('checks the boolean query options too, instead of sending their text', async () => {
    await rejects((v1) => v1.companies.get('co', { groupUpvotes: 'yes' as never }), 'groupUpvotes');
    await rejects((v1) => v1.threads.get('th', { includeConversation: 1 as never }), 'includeConversation');
  });

  it('property: at most one company link is accepted', async () => {
    const link = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(link, link, link, async (companyId, companyName, companyExternalId) => {
        const server = createFakeFetch(() => json(200, contact()));
        const input = { email: 'a@b.co', companyId, companyName, companyExternalId };
        const given = [companyId, companyName, companyExternalId].filter((value) => value !== undefined).length;
        const outcome = await client(server.fetch)
          .contacts.create(input)
          .then(
            () => 'sent',
            (e: unknown) => e,
          );
        if (given <= 1) {
          expect(outcome).toBe('sent');
        } else {
          expect(outcome).toMatchObject({ name: 'RequestValidationError', field: 'companyId' });
          expect(server.calls).toHaveLength(0);
        }
      }),
    );
  });

  it('property: a domain is accepted exactly when it is 1-63 characters and matches the pattern', async () => {
    const label = fc.stringMatching(/^[0-9a-z-]{1,12}$/);
    const domain = fc.oneof(
      fc
        .tuple(label, fc.constantFrom('', 'co.', 'com.', 'ac.'), fc.stringMatching(/^[a-z]{2,7}$/))
        .map(([a, b, c]) => `${a}.${b}${c}`),
      fc.string({ maxLength: 70 }),
    );
    await fc.assert(
      fc.asyncProperty(domain, async (value) => {
        const server = createFakeFetch(() => json(200, company));
        const valid = value.length >= 1 && value.length <= 63 && DOMAIN_PATTERN.test(value);
        const outcome = await client(server.fetch)
          .companies.update('co', { domains: [value] })
          .then(
            () => 'sent',
            (e: unknown) => e,
          );
        expect(outcome === 'sent').toBe(valid);
        expect(server.calls).toHaveLength(valid ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('key prefix', () => {
  it('sends the key as the one Authorization when headers also hold one', async () => {
    const server = createFakeFetch(() => json(200, {}));
    const v1 = createV1Client({ baseUrl, apiKey, headers: { Authorization: 'Bearer token' }, fetch: server.fetch });
    await v1.users.updateRole({ membershipId: 'm_1', role: 'USER' });
    expect(server.calls[0]?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it('refuses a v2 key or no key locally', () => {
    expect(() => createV1Client({ baseUrl, apiKey: `cfs_v2_${'c'.repeat(32)}` })).toThrow(/apiKey is a v2 key/);
    expect(() => createV1Client({ baseUrl, apiKey: '' })).toThrow(/apiKey is required/);
  });
});
