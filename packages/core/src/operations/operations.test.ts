import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { V2_SCOPES } from '../contract/constants.ts';
import { safeParse } from '../contract/parse.ts';
import { operations, v2Operations } from './all.ts';
import { fillPath, honoPath, type Operation, pathParams } from './operation.ts';
import { portalOperations } from './portal.ts';
import { v1GetTrackerOptionsOperation, v1Operations, v1UpdateRoleOperation } from './v1.ts';
import { v2CreateThreadOperation, v2GetThreadOperation } from './v2.ts';
import { v2DeleteWebhookOperation, v2RedeliverWebhookOperation } from './webhooks.ts';

const all: readonly Operation[] = [...portalOperations, ...v1Operations, ...v2Operations];
const shapeKeys = (schema: unknown) => Object.keys((schema as z.ZodMiniObject | undefined)?.shape ?? {}).sort();

describe('operation descriptors', () => {
  it('have one id each and one operation per method and path', () => {
    expect(new Set(all.map((op) => op.id)).size).toBe(all.length);
    expect(new Set(all.map((op) => `${op.method} ${op.path}`)).size).toBe(all.length);
    expect(operations.portal.length + operations.v1.length + operations.v2.length).toBe(all.length);
  });

  it('sit under the path and carry the generation of their list', () => {
    for (const op of portalOperations)
      expect([op.generation, op.path.startsWith('/api/v1/')]).toEqual(['portal', true]);
    for (const op of v1Operations) expect([op.generation, op.path.startsWith('/api/v1/')]).toEqual(['v1', true]);
    for (const op of v2Operations) expect([op.generation, op.path.startsWith('/api/v2/')]).toEqual(['v2', true]);
  });

  it('name in their path parameters exactly the fields of their params schema', () => {
    for (const op of all) expect(shapeKeys(op.params), op.id).toEqual(pathParams(op.path).sort());
  });

  it('give scopes to v2 operations only, and only scopes the service knows', () => {
    for (const op of all) {
      if (op.scope === undefined) continue;
      expect(op.generation, op.id).toBe('v2');
      expect(V2_SCOPES, op.id).toContain(op.scope);
    }
    expect(v2CreateThreadOperation.scope).toBe('threads:write');
    expect(v2GetThreadOperation.scope).toBe('threads:read');
  });

  it('mark every method but GET a write, retried only under its Idempotency-Key', () => {
    expect(v2CreateThreadOperation).toMatchObject({ write: true, retry: 'idempotency-key' });
    expect(v2DeleteWebhookOperation).toMatchObject({ write: true, retry: 'idempotency-key' });
    expect(v1GetTrackerOptionsOperation).toMatchObject({ write: false, retry: 'safe' });
    for (const op of all) expect(op.write, op.id).toBe(op.method !== 'GET');
  });

  it('have a success body except for 204 (a JSON schema, or bytes), and a body schema only for writes', () => {
    for (const op of all) {
      expect(op.output === undefined && !op.binary, op.id).toBe(op.status === 204);
      if (op.binary) expect(op.output, op.id).toBeUndefined();
      if (op.body) expect(op.write, op.id).toBe(true);
    }
    expect(v1UpdateRoleOperation.errors).toEqual([403]);
  });

  it('check the body with the schema the service applies', () => {
    const result = safeParse(v2CreateThreadOperation.body, { text: '' });
    expect(result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)).toEqual([
      'text must not be empty',
    ]);
  });
});

describe('paths', () => {
  it('convert to the Hono form', () => {
    expect(honoPath(v2RedeliverWebhookOperation.path)).toBe('/api/v2/webhooks/:id/deliveries/:deliveryId/redeliver');
    expect(honoPath('/api/v2/me')).toBe('/api/v2/me');
  });

  it('fill each parameter in as one encoded segment', () => {
    expect(fillPath(v2RedeliverWebhookOperation.path, { id: 'a/b', deliveryId: 'c?d' })).toBe(
      '/api/v2/webhooks/a%2Fb/deliveries/c%3Fd/redeliver',
    );
  });
});
