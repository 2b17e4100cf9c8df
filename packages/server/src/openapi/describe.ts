import {
  type Generation,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  type Operation,
  RATE_LIMIT_HEADERS,
  REQUEST_ID_HEADER,
} from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import * as z from 'zod/mini';

/** The name of the bearer security scheme in the document. */
export const BEARER = 'bearerAuth';

/** Headers every v2 response carries, as named in the document's components. */
export const V2_HEADERS = [
  REQUEST_ID_HEADER,
  RATE_LIMIT_HEADERS.limit,
  RATE_LIMIT_HEADERS.remaining,
  RATE_LIMIT_HEADERS.reset,
] as const;

/** 503: the database is out of reach for the moment (with Retry-After). */
const COMMON_ERRORS: Record<Generation, number[]> = {
  portal: [400, 404, 500, 503],
  v1: [400, 401, 404, 429, 500, 503],
  v2: [400, 401, 410, 429, 500, 503],
};
const WRITE_ERRORS = [409, 413, 415, 422];

const { $schema: _dialect, ...idempotencyKeyJson } = z.toJSONSchema(idempotencyKeySchema) as Record<string, unknown>;

const v2Headers = Object.fromEntries(V2_HEADERS.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/**
 * The OpenAPI entry of one operation, from its descriptor, as middleware hono-openapi reads:
 * operation id, summary, security (the v2 scope as the bearer requirement's role, and in words),
 * the success body, and every error status with its generation's error body. It only documents:
 * the scope is enforced by its own middleware, registered from the same descriptor.
 */
export function describeOperation(operation: Operation): MiddlewareHandler {
  const { generation, scope, status, output } = operation;
  const success = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' }[status];
  const errors = [
    ...COMMON_ERRORS[generation],
    ...(operation.write ? WRITE_ERRORS : []),
    ...(scope ? [403] : []),
    ...(operation.errors ?? []),
  ];
  const errorRef = { $ref: `#/components/responses/${generation === 'v2' ? 'V2Error' : 'V1Error'}` };
  const scopeNote = generation === 'v2' ? (scope ? `Needs the \`${scope}\` scope.` : 'Any valid v2 key.') : '';
  const description = [operation.description, scopeNote].filter(Boolean).join('\n\n');
  return describeRoute({
    operationId: operation.id,
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [generation === 'portal' ? 'Portal' : generation],
    security: generation === 'portal' ? [] : [{ [BEARER]: scope ? [scope] : [] }],
    ...(scope ? { 'x-required-scope': scope } : {}),
    parameters: operation.write
      ? [
          {
            in: 'header',
            name: IDEMPOTENCY_KEY_HEADER,
            required: false,
            description:
              'The first response (below 500) is kept 24 h and replayed byte for byte for the same key and request; 409 while that request is in flight, 422 for the same key with another request.',
            schema: idempotencyKeyJson,
          } as NonNullable<DescribeRouteOptions['parameters']>[number],
        ]
      : [],
    responses: {
      [status]: {
        description: success,
        ...(output ? { content: { 'application/json': { schema: resolver(output) } } } : {}),
        ...(operation.binary
          ? { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : {}),
        ...(generation === 'v2' ? { headers: v2Headers } : {}),
      },
      ...Object.fromEntries([...new Set(errors)].sort().map((code) => [code, errorRef])),
    },
  });
}
