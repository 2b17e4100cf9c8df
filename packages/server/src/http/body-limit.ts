import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

/** Largest request body accepted (a message with attachments has its own, larger limit). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * 413 for a body over `maxSize` (default MAX_BODY_BYTES), in the error format of the path's
 * generation, as soon as the bytes read pass it: the rest is never read.
 */
export const limitBody = (maxSize = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header('Connection', 'close');
      throw new HttpError('payload_too_large', `Request bodies are limited to ${maxSize} bytes`, {
        issues: [{ path: '(body)', message: `must be at most ${maxSize} bytes` }],
      });
    },
  });
