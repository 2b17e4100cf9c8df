import { CONTACTS_TAKE_MAX, operations, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '@hearken/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { call, type Json, useServer } from './harness.ts';

const h = useServer();

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** Every operation of the document as `METHOD /path`. */
const operationsOf = (document: Json): string[] =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await call(h, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(response.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists each of core's operations once, by its id, and nothing else", async () => {
    const { body } = await call(h, 'GET', '/api/openapi.json');
    const described = Object.values(operations).flatMap((list) => list.map((op) => `${op.method} ${op.path}`));
    expect(described.length).toBeGreaterThan(20);
    expect(operationsOf(body).sort()).toEqual(described.sort());
    const ids = Object.values(body.paths as Record<string, Json>).flatMap((item) =>
      METHODS.flatMap((method) => (item[method] ? [item[method].operationId] : [])),
    );
    expect(ids.sort()).toEqual(
      Object.values(operations)
        .flatMap((list) => list.map((op) => op.id))
        .sort(),
    );
  });

  it('leaves out the reference page and its files, which are still served', async () => {
    const { body } = await call(h, 'GET', '/api/openapi.json');
    expect(Object.keys(body.paths).filter((path) => !path.startsWith('/api/v'))).toEqual([]);
    for (const path of ['/', '/reference/init.js', '/reference/swagger-ui.css', '/reference/swagger-ui-bundle.js']) {
      expect((await fetch(`${h.url}${path}`)).status, path).toBe(200);
    }
  });

  it('gives paging parameters their integer types, bounds and defaults', async () => {
    const { body } = await call(h, 'GET', '/api/openapi.json');
    const parameter = (path: string, name: string) =>
      body.paths[path].get.parameters.find((p: Json) => p.in === 'query' && p.name === name)?.schema;
    const limit = { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT };
    expect(parameter('/api/v2/threads', 'limit')).toMatchObject(limit);
    expect(parameter('/api/v2/webhooks', 'limit')).toMatchObject(limit);
    expect(parameter('/api/v2/webhooks/{id}/deliveries', 'limit')).toMatchObject(limit);
    expect(parameter('/api/v1/contacts', 'skip')).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    expect(parameter('/api/v1/contacts', 'take')).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: CONTACTS_TAKE_MAX,
      default: 10,
    });
  });

  it('gives parameters, bodies, responses, both error formats, bearer auth and each v2 scope', async () => {
    const { body } = await call(h, 'GET', '/api/openapi.json');
    const { paths, components } = body;
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });

    const create = paths['/api/v2/threads'].post;
    expect(create.security).toEqual([{ bearerAuth: ['threads:write'] }]);
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['text'],
      additionalProperties: false,
    });
    expect(create.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('pain_level');
    expect(create.responses['400']).toEqual({ $ref: '#/components/responses/V2Error' });
    expect(create.responses['422']).toEqual({ $ref: '#/components/responses/V2Error' });
    expect(paths['/api/v2/threads'].get.security).toEqual([{ bearerAuth: ['threads:read'] }]);
    expect(paths['/api/v2/companies'].post.security).toEqual([{ bearerAuth: ['companies:write'] }]);
    expect(paths['/api/v2/me'].get.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, method] of [
      ['/api/v2/webhooks', 'get'],
      ['/api/v2/webhooks', 'post'],
      ['/api/v2/webhooks/{id}', 'delete'],
      ['/api/v2/webhooks/{id}/deliveries/{deliveryId}/redeliver', 'post'],
    ] as const) {
      expect(paths[path][method].security).toEqual([{ bearerAuth: ['admin'] }]);
    }
    const deleted = paths['/api/v2/webhooks/{id}'].delete.responses['204'];
    expect(deleted.description).toBe('No Content');
    expect(deleted).not.toHaveProperty('content');
    expect(
      paths['/api/v2/webhooks/{id}/deliveries/{deliveryId}/redeliver'].post.responses['202'].content['application/json']
        .schema.properties,
    ).toHaveProperty('event_id');
    expect(paths['/api/v2/threads'].get.parameters.map((p: Json) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:contact_email',
      'query:cursor',
      'query:limit',
      'query:moderation',
      'query:status',
      'query:tab',
    ]);
    // Held threads: listed on request, released or held by bulk-update, announced by thread.held.
    const moderation = paths['/api/v2/threads'].get.parameters.find((p: Json) => p.name === 'moderation');
    expect(moderation.schema.enum).toEqual(['clear', 'held', 'all']);
    const set = paths['/api/v2/threads/bulk-update'].post.requestBody.content['application/json'].schema.properties.set;
    expect(set.properties.moderation.enum).toEqual(['clear', 'held']);

    const patch = paths['/api/v1/insights/{id}'].patch;
    expect(patch.security).toEqual([{ bearerAuth: [] }]);
    expect(patch.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id', required: true }));
    expect(patch.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    expect(patch.responses['400']).toEqual({ $ref: '#/components/responses/V1Error' });
    expect(paths['/api/v1/companies/{id}'].delete.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    );

    const portal = paths['/api/v1/projects/{workspaceId}'].get;
    expect(portal.security).toEqual([]);
    expect(portal.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'language' }));

    expect(components.responses.V1Error.content['application/json'].schema).toMatchObject({
      required: ['message', 'code'],
    });
    expect(components.responses.V2Error.content['application/json'].schema.properties).toHaveProperty('error');
    expect(components.responses.V2Error.headers).toHaveProperty('X-RateLimit-Remaining');
  });
});

describe('v2 scopes', () => {
  it('every v2 operation refuses a key without the scope its document names, and documents the 403', async () => {
    const { body } = await call(h, 'GET', '/api/openapi.json');
    // For each scope, a key of the fixture that lacks it.
    const without: Record<string, string> = {
      'threads:read': h.fx.a.keys.v2ThreadsWrite,
      'threads:write': h.fx.a.keys.v2Read,
      'companies:write': h.fx.a.keys.v2ThreadsWrite,
      'messages:write': h.fx.a.keys.v2ThreadsWrite,
      'changelogs:read': h.fx.a.keys.v2ThreadsWrite,
      'changelogs:write': h.fx.a.keys.v2Read,
      'issues:read': h.fx.a.keys.v2ThreadsWrite,
      'issues:write': h.fx.a.keys.v2Read,
      admin: h.fx.a.keys.v2ThreadsWrite,
    };
    const checked: string[] = [];
    for (const [path, item] of Object.entries(body.paths as Record<string, Json>)) {
      if (!path.startsWith('/api/v2/')) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const scope = operation['x-required-scope'];
        const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        if (scope) expect(Object.keys(without), `a key without ${scope}`).toContain(scope);
        const key = scope ? without[scope] : h.fx.a.keys.v2Read;
        const response = await call(h, method.toUpperCase(), url, { key, ...(method === 'get' ? {} : { body: {} }) });
        if (scope) {
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(response.body.error.details.required).toEqual([scope]);
          expect(operation.security).toEqual([{ bearerAuth: [scope] }]);
          expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/V2Error' });
        } else {
          expect(response.status, `${method} ${path}`).not.toBe(403);
        }
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(10);
  });
});
