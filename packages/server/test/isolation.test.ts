import { describe, expect, it } from 'vitest';
import { call, useServer } from './harness.ts';

const h = useServer();

/**
 * Every authenticated endpoint, aimed with workspace B's keys at workspace A's rows. Each must
 * answer as if the row did not exist (404, or 400 naming the field for ids in a body, or the
 * "not_found" list for bulk calls), and nothing of A may change.
 */
describe('workspace isolation', () => {
  it('a key of one workspace reaches nothing of another, on every endpoint', async () => {
    const a = h.fx.a;
    const b = h.fx.b;
    const v1 = b.keys.v1Admin;
    const v2 = b.keys.v2Full;
    const snapshot = async () =>
      JSON.stringify(
        [
          await call(h, 'GET', `/api/v1/insights/${a.threadIds[0]}?includeConversation=true`, { key: a.keys.v1Admin }),
          await call(h, 'GET', `/api/v1/companies/${a.companyId}?groupUpvotes=true`, { key: a.keys.v1Admin }),
          await call(h, 'GET', `/api/v1/contacts/${a.contactId}`, { key: a.keys.v1Admin }),
          await call(h, 'GET', '/api/v2/threads?limit=200', { key: a.keys.v2Full }),
          await call(h, 'GET', '/api/v1/contacts?take=100', { key: a.keys.v1Admin }),
        ].map((r) => r.body),
      );
    const before = await snapshot();

    const expectStatus = async (status: number, method: string, path: string, key: string, body?: unknown) => {
      const response = await call(h, method, path, { key, ...(body !== undefined ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(status);
      return response;
    };
    // v1
    await expectStatus(404, 'PATCH', '/api/v1/users/role', v1, { membershipId: a.user, role: 'VIEWER' });
    await expectStatus(404, 'GET', `/api/v1/contacts/${a.contactId}`, v1);
    await expectStatus(404, 'GET', `/api/v1/contacts/${encodeURIComponent(a.contactEmail)}`, v1);
    const contacts = await expectStatus(200, 'GET', '/api/v1/contacts?take=100', v1);
    expect(contacts.body.contacts.every((c: { workspaceId: string }) => c.workspaceId === b.workspaceId)).toBe(true);
    await expectStatus(400, 'POST', '/api/v1/contacts', v1, { email: 'x@x.test', companyId: a.companyId });
    await expectStatus(404, 'GET', `/api/v1/companies/${a.companyId}`, v1);
    await expectStatus(404, 'PATCH', `/api/v1/companies/${a.companyId}`, v1, { name: 'Hijacked' });
    await expectStatus(404, 'DELETE', `/api/v1/companies/${a.companyId}`, v1);
    const options = await expectStatus(200, 'GET', '/api/v1/companies/tracker-options', v1);
    expect(options.body).toEqual({ statuses: null, tiers: null });
    await expectStatus(404, 'GET', `/api/v1/insights/${a.threadIds[0]}`, v1);
    await expectStatus(404, 'PATCH', `/api/v1/insights/${a.threadIds[0]}`, v1, { title: 'Hijacked' });
    await expectStatus(400, 'PATCH', `/api/v1/insights/${b.threadIds[0]}`, v1, { projectId: a.projectId });
    await expectStatus(404, 'POST', `/api/v1/insights/${a.threadIds[0]}/messages`, v1, { content: 'Hijacked' });
    // v2
    const me = await expectStatus(200, 'GET', '/api/v2/me', v2);
    expect(me.body.workspace_id).toBe(b.workspaceId);
    const list = await expectStatus(200, 'GET', '/api/v2/threads?limit=200', v2);
    expect(list.body.data.map((t: { id: string }) => t.id).sort()).toEqual([...b.threadIds].sort());
    await expectStatus(404, 'GET', `/api/v2/threads/${a.threadIds[0]}`, v2);
    await expectStatus(400, 'POST', '/api/v2/threads', v2, { text: 'x', company_id: a.companyId });
    await expectStatus(400, 'POST', '/api/v2/threads', v2, { text: 'x', issue_id: a.issueId });
    const created = await expectStatus(201, 'POST', '/api/v2/threads', v2, {
      text: 'x',
      contact_email: a.contactEmail,
    });
    expect(created.body.contact.id).not.toBe(a.contactId);
    const updated = await expectStatus(200, 'POST', '/api/v2/threads/bulk-update', v2, {
      ids: a.threadIds,
      set: { title: 'Hijacked' },
    });
    expect(updated.body).toEqual({ data: [], not_found: a.threadIds });
    const deleted = await expectStatus(200, 'POST', '/api/v2/threads/bulk-delete', v2, { ids: a.threadIds });
    expect(deleted.body).toEqual({ data: [], not_found: a.threadIds });
    await expectStatus(400, 'POST', '/api/v2/companies', v2, { name: 'x', owner_id: a.admin });

    expect(await snapshot()).toBe(before);
  });
});
