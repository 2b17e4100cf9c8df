import type * as z from 'zod/mini';
import type { V2Scope } from '../contract/constants.ts';
import type { AnySchema } from '../contract/parse.ts';
import type { AttachmentContent } from '../contract/schemas/messages.ts';
import type { Method } from '../transport/exchange.ts';

/** Which API an operation belongs to: it decides the key, the error format and the common errors. */
export type Generation = 'portal' | 'v1' | 'v2';

/**
 * How a failed attempt may be repeated: `safe` (a read, repeated as it is) or `idempotency-key`
 * (a write, repeated only under the same Idempotency-Key, which the service recognises).
 */
export type RetryPolicy = 'safe' | 'idempotency-key';

/** The success status of an operation; 204 has no body. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** What an operation is declared with; `defineOperation` adds `write` and `retry`. */
export interface OperationSpec {
  /** Unique, stable, usable as an OpenAPI `operationId`. */
  id: string;
  generation: Generation;
  method: Method;
  /** The full path, parameters in braces: `/api/v2/threads/{id}` (see `honoPath`, `fillPath`). */
  path: string;
  summary: string;
  description?: string;
  /** The path parameters, as the URL spells them (strings). */
  params?: AnySchema;
  /** The query parameters, as the URL spells them; the schema reads the text into typed values. */
  query?: AnySchema;
  /** The JSON body. */
  body?: AnySchema;
  /** The success status. */
  status: SuccessStatus;
  /** The success body; none for 204. */
  output?: AnySchema;
  /** The success body is bytes of any content type (a download), not JSON; no `output` then. */
  binary?: true;
  /** v2: the scope the key needs; none means any valid key. */
  scope?: V2Scope;
  /** Error statuses beyond those every operation of its generation (and every write) may answer. */
  errors?: readonly number[];
}

/** One API operation, described once: the clients, the server and the proxy all read it. */
export type Operation<S extends OperationSpec = OperationSpec> = Readonly<S> & {
  /** Any method but GET: it takes an Idempotency-Key. */
  readonly write: boolean;
  readonly retry: RetryPolicy;
};

/** Declares an operation; `write` and `retry` follow from the method. */
/*@__NO_SIDE_EFFECTS__*/
export function defineOperation<const S extends OperationSpec>(spec: S): Operation<S> {
  const write = spec.method !== 'GET';
  return { ...spec, write, retry: write ? 'idempotency-key' : 'safe' };
}

type OutputOf<S> = S extends AnySchema ? z.output<S> : undefined;
type InputOf<S> = S extends AnySchema ? z.input<S> : undefined;

/** The parsed path parameters of an operation (undefined when it has none). */
export type OperationParams<O extends Operation> = OutputOf<O['params']>;
/** The parsed query of an operation (undefined when it has none). */
export type OperationQuery<O extends Operation> = OutputOf<O['query']>;
/** The parsed JSON body of an operation (undefined when it has none). */
export type OperationBody<O extends Operation> = OutputOf<O['body']>;
/** What an operation's JSON body may be before parsing (undefined when it has none). */
export type OperationBodyInput<O extends Operation> = InputOf<O['body']>;
/** The success body of an operation (undefined for 204; the bytes and their type for a `binary` one). */
export type OperationOutput<O extends Operation> = O['binary'] extends true ? AttachmentContent : OutputOf<O['output']>;

const PARAM = /\{(\w+)\}/g;

/** `/api/v2/threads/{id}` as Hono writes it: `/api/v2/threads/:id`. */
export const honoPath = (path: string): string => path.replace(PARAM, ':$1');

/** The names of a path's parameters, in order: `['id', 'deliveryId']`. */
export const pathParams = (path: string): string[] => Array.from(path.matchAll(PARAM), (match) => match[1]!);

/** A path with its parameters filled in, each encoded as one segment (an id holding `/` or `?` stays one). */
export const fillPath = (path: string, params: Readonly<Record<string, string>>): string =>
  path.replace(PARAM, (_, name: string) => encodeURIComponent(params[name] ?? ''));
