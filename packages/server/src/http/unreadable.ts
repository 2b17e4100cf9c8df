import type { ParserRefusal, ParserRefusalAnswer } from '@hearken/service';
import type { MiddlewareHandler } from 'hono';
import { loggableError } from '../db/loggable-error.ts';
import { InvalidInputError } from '../errors.ts';
import type { AddressLimiter } from './address-limit.ts';
import type { AppEnv, ServerBindings, Unreadable } from './env.ts';
import { HttpError } from './errors.ts';
import { setRateLimitHeaders } from './rate-limit.ts';

/** Whether `host` can stand in a URL; the adapter builds each request's URL from it and the path. */
function hostReadable(host: string | undefined): boolean {
  if (host === undefined) return true;
  try {
    return new URL(`http://${host}/`).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * What is wrong with a request the HTTP adapter could not read (a backslash in the path, a bad
 * Host header), or that failed outside the app: 400 naming the `host` header or the `path` for
 * the former, 500 otherwise.
 */
export function adapterFailure(error: unknown, host?: string): Error {
  if (error instanceof Error && error.name !== 'RequestError') {
    console.error('[hearken-server] request failed outside the app', loggableError(error));
    return new HttpError('internal_error', 'The server failed to handle this request');
  }
  return new InvalidInputError(
    [
      hostReadable(host)
        ? { path: '(path)', message: 'is not a valid request path' }
        : { path: 'host', message: 'is not a valid Host header' },
    ],
    `The request cannot be read: ${error instanceof Error ? error.message : 'malformed'}`,
  );
}

/** What is wrong with a request Node's HTTP parser refused (headers too large: 431, else 400). */
export const refusalFailure = (refusal: ParserRefusal): Error =>
  new HttpError(refusal.code, refusal.message, { issues: [refusal.issue] });

/**
 * The request and bindings that have the app answer a request the listener could not read: a
 * stand-in for its path (`resolvedPath` of its target, '' for none), carrying the failure beside
 * it where no client can forge it. The app then answers it like every other request: its
 * generation's error format, a request id, the per-address rate-limit headers.
 */
export function unreadableExchange(path: string, unreadable: Unreadable): [Request, ServerBindings] {
  return [new Request(new URL(path || '/', 'http://unreadable.invalid')), { unreadable }];
}

/** The app's answer to a parser refusal, as the listener writes it on the socket. */
export async function refusalAnswer(response: Response): Promise<ParserRefusalAnswer> {
  return { headers: Object.fromEntries(response.headers), body: await response.text() };
}

/**
 * First in the app: a request the listener could not read is counted against its address's limit
 * for requests without a valid key, and answered with its failure and that count's X-RateLimit-*.
 * It keeps its own 400 or 431 past the limit too: the answer says what is wrong with the request.
 */
export function answerUnreadable(addresses: AddressLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const unreadable = (c.env as ServerBindings | undefined)?.unreadable;
    if (!unreadable) return next();
    const outcome = await addresses.consume(c.var.clientAddress);
    setRateLimitHeaders(c, { ...outcome, allowed: true });
    throw unreadable.failure;
  };
}
