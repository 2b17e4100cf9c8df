import {
  type AttachmentContent,
  honoPath,
  type Operation,
  type OperationBody,
  type OperationOutput,
  type OperationParams,
  type OperationQuery,
} from '@hearken/core';
import contentDisposition from 'content-disposition';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { requireScope } from '../http/auth.ts';
import type { AppEnv, Caller, Services } from '../http/env.ts';
import { type Target, valid } from '../http/validate.ts';
import { describeOperation } from '../openapi/describe.ts';

/** What a handler gets: the request's checked parts, who is calling (no one on the portal), and the services. */
export interface OperationRequest<O extends Operation> {
  params: OperationParams<O>;
  query: OperationQuery<O>;
  body: OperationBody<O>;
  caller: O['generation'] extends 'portal' ? undefined : Caller;
  services: Services;
}

/** The work of one operation: one call into a service, answering the operation's success body (undefined for 204). */
export type Handler<O extends Operation> = (request: OperationRequest<O>) => Promise<OperationOutput<O>>;

/** One handler per operation of `L`, by operation id. */
export type Handlers<L extends readonly Operation[]> = { [O in L[number] as O['id']]: Handler<O> };

/** A binary operation's answer: the bytes, their type, and the file name a download saves them under. */
type Download = AttachmentContent & { name?: string };

/**
 * `attachment` with the file name as RFC 6266 and RFC 8187 spell it (the `content-disposition`
 * package): a quoted ASCII `filename` every client reads, and beside it, for any other name,
 * `filename*=UTF-8''` with every character outside RFC 8187's attr-char percent-encoded
 * (`'()*` and spaces included), so strict parsers take it.
 */
export function attachmentDisposition(name: string | undefined): string {
  if (!name) return 'attachment';
  // Printable ASCII only in the plain `filename`: the package would keep Latin-1 letters there.
  return contentDisposition(name, { fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}

/**
 * Stored bytes as a download, never as a page: `attachment`, `nosniff` (the browser keeps the
 * stored type) and a sandboxing CSP, so an uploaded HTML or SVG file runs nothing on our origin.
 */
function download(c: Context<AppEnv>, { bytes, content_type, name }: Download): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': content_type,
    'Content-Disposition': attachmentDisposition(name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
  });
}

const PARTS = [
  ['param', 'params'],
  ['query', 'query'],
  ['json', 'body'],
] as const satisfies readonly (readonly [Target, keyof Operation])[];

/**
 * Registers each operation of `operations`, in their order, with what its descriptor says: its
 * document entry, the scope it needs (403 without it), its path, query and body checked by core's
 * schemas, and its success status. The handler only calls a service.
 */
export function registerOperations<L extends readonly Operation[]>(
  app: Hono<AppEnv>,
  operations: L,
  handlers: Handlers<L>,
): void {
  for (const operation of operations) {
    const handle = (handlers as unknown as Record<string, Handler<Operation>>)[operation.id];
    if (!handle) throw new Error(`@hearken/server: no handler for ${operation.id}`);
    const checks: MiddlewareHandler<AppEnv>[] = [describeOperation(operation)];
    if (operation.scope) checks.push(requireScope(operation.scope));
    for (const [target, part] of PARTS) {
      const schema = operation[part];
      if (schema) checks.push(valid(target, schema));
    }
    const on = app.on.bind(app) as (method: string, path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => void;
    on(operation.method, honoPath(operation.path), ...checks, async (c) => {
      const read = (target: Target) => (c.req.valid as (target: Target) => unknown)(target);
      const output = await handle({
        params: read('param'),
        query: read('query'),
        body: read('json'),
        caller: c.var.caller,
        services: c.var.services,
      });
      if (operation.binary) return download(c, output as Download);
      return operation.status === 204 ? c.body(null, 204) : c.json(output, operation.status);
    });
  }
}
