import { randomUUID } from 'node:crypto';

/** A new row id. Ids are opaque strings; the server makes UUIDs. */
export const newId = (): string => randomUUID();

/**
 * Whether `value` could be an id worth looking up: 1-255 characters and no NUL (which Postgres
 * text cannot hold). Anything else is simply not found.
 */
export const isId = (value: string): boolean => value.length > 0 && value.length <= 255 && !value.includes('\u0000');

/** A request id for the X-Request-Id header and v2 error bodies. */
export const newRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;
