import {
  type AnySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  RATE_LIMIT_HEADERS,
  REQUEST_ID_HEADER,
  type V2Scope,
} from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import * as z from 'zod/mini';
import { requireScope } from '../http/auth.ts';

/** Which API a route belongs to: it decides the error format, the authentication and the common errors. */
export type Generation = 'portal' | 'v1' | 'v2';

/** The name of the bearer security scheme in the document. */
export const BEARER = 'bearerAuth';

/** Headers every v2 response carries, as named in the document's components. */
export const V2_HEADERS = [
  REQUEST_ID_HEADER,
  RATE_LIMIT_HEADERS.limit,
  RATE_LIMIT_HEADERS.remaining,
  RATE_LIMIT_HEADERS.reset,
] as const;

export interface Operation {
  summary: string;
  description?: string;
  /** The success status and the schema of its body (none for 204). */
  ok: [status: 200 | 201 | 202, schema: AnySchema] | [status: 204];
  /** A write: it takes an Idempotency-Key and may answer 409, 413, 415 and 422. */
  write?: boolean;
  /** Error statuses beyond those every route of the generation may answer. */
  errors?: number[];
  /** v2: the scope the key needs (none: any valid key), documented and enforced (403 without it). */
  scope?: V2Scope;
}

const COMMON_ERRORS: Record<Generation, number[]> = {
  portal: [400, 404, 500],
  v1: [400, 401, 404, 429, 500],
  v2: [400, 401, 410, 429, 500],
};
const WRITE_ERRORS = [409, 413, 415, 422];

const { $schema: _dialect, ...idempotencyKeyJson } = z.toJSONSchema(idempotencyKeySchema) as Record<string, unknown>;

const v2Headers = Object.fromEntries(V2_HEADERS.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/**
 * The OpenAPI description of one route, as middleware hono-openapi reads: summary, security (the
 * v2 scope as the bearer requirement's role, and in words), the success body from core's schema,
 * and every error status with its generation's error body. With a `scope`, the same middleware
 * also refuses a key without it (403 `scope_required`): the scope a route documents is the one it
 * checks, declared once.
 */
export function describe(generation: Generation, operation: Operation): MiddlewareHandler {
  const [status, schema] = operation.ok;
  const success = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' }[status];
  const errors = [
    ...COMMON_ERRORS[generation],
    ...(operation.write ? WRITE_ERRORS : []),
    ...(operation.scope ? [403] : []),
    ...(operation.errors ?? []),
  ];
  const errorRef = { $ref: `#/components/responses/${generation === 'v2' ? 'V2Error' : 'V1Error'}` };
  const scopeNote =
    generation === 'v2' ? (operation.scope ? `Needs the \`${operation.scope}\` scope.` : 'Any valid v2 key.') : '';
  const description = [operation.description, scopeNote].filter(Boolean).join('\n\n');
  const described = describeRoute({
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [generation === 'portal' ? 'Portal' : generation],
    security: generation === 'portal' ? [] : [{ [BEARER]: operation.scope ? [operation.scope] : [] }],
    ...(operation.scope ? { 'x-required-scope': operation.scope } : {}),
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
        ...(schema ? { content: { 'application/json': { schema: resolver(schema) } } } : {}),
        ...(generation === 'v2' ? { headers: v2Headers } : {}),
      },
      ...Object.fromEntries([...new Set(errors)].sort().map((code) => [code, errorRef])),
    },
  });
  if (!operation.scope) return described;
  // hono-openapi finds a route's description in an own symbol property of its middleware: copied
  // onto the check, the one middleware both documents and enforces the scope.
  return Object.assign(requireScope(operation.scope), described);
}
