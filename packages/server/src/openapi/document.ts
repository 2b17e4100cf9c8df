import {
  KEY_PREFIXES,
  RATE_LIMIT_HEADERS,
  REQUEST_ID_HEADER,
  v1ErrorBodySchema,
  v2ErrorBodySchema,
} from '@hearken/core';
import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import pkg from '../../package.json' with { type: 'json' };
import type { AppEnv } from '../http/env.ts';
import { BEARER, V2_HEADERS } from './describe.ts';

/** Where the document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

const HEADER_DESCRIPTIONS: Record<(typeof V2_HEADERS)[number], string> = {
  [REQUEST_ID_HEADER]: 'The request id; also in every v2 error body as request_id.',
  [RATE_LIMIT_HEADERS.limit]:
    "Calls allowed in the window for the key's method class (reads: GET; writes: POST, PATCH, DELETE); on an answer to a request without a valid key, the client address's allowance for such requests.",
  [RATE_LIMIT_HEADERS.remaining]: 'Calls left in the window.',
  [RATE_LIMIT_HEADERS.reset]: 'When the window resets, in Unix seconds.',
};

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the API app (`apiRoutes`): each operation's entry from its
 * descriptor, and the core schemas its checks read requests with.
 */
export function buildOpenApiDocument(api: Hono<AppEnv>): Promise<OpenApiDocument> {
  return generateSpecs(api, {
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Customer Feedback Service',
        version: pkg.version,
        description:
          'The reference server of Hearken. v1 and the public portal answer errors as `{message, code, issues?}`; v2 as `{error: {code, message, details?, request_id}}`. Every write takes an `Idempotency-Key`.',
      },
      tags: [
        { name: 'Portal', description: 'Public reads of a published portal: no key, CORS for any origin, ETag.' },
        { name: 'v1', description: `v1 keys (\`${KEY_PREFIXES.v1}...\`): full access to their workspace.` },
        { name: 'v2', description: `v2 keys (\`${KEY_PREFIXES.v2}...\`) with scopes, rate-limited per key.` },
      ],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            description:
              "`Authorization: Bearer <key>`. A v2 operation lists the scope it needs as the requirement's role.",
          },
        },
        headers: Object.fromEntries(
          V2_HEADERS.map((name) => [name, { description: HEADER_DESCRIPTIONS[name], schema: { type: 'string' } }]),
        ),
        responses: {
          V1Error: {
            description:
              'v1 and portal error: `{message, code, issues?}`; one issue per failed rule, naming its field.',
            content: { 'application/json': { schema: resolver(v1ErrorBodySchema) } },
          },
          V2Error: {
            description:
              'v2 error envelope; `details.issues` ([{path, message}]) for invalid_request, `details.required`/`granted` for scope_required. Carries the X-RateLimit headers.',
            headers: Object.fromEntries(V2_HEADERS.map((name) => [name, { $ref: `#/components/headers/${name}` }])),
            content: { 'application/json': { schema: resolver(v2ErrorBodySchema) } },
          },
        },
      },
    },
  });
}
