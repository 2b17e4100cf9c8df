import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 for a body over MAX_BODY_BYTES, in the error format of the path's generation. */
export const limitBody = (): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header('Connection', 'close');
      throw new HttpError(413, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes`, {
        issues: [{ path: '(body)', message: `must be at most ${MAX_BODY_BYTES} bytes` }],
      });
    },
  });
