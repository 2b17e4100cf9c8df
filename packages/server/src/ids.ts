import { randomUUID } from 'node:crypto';

/** A new row id. Ids are opaque UUID strings. */
export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` could be an id this server generated; anything else is simply not found. */
export const isId = (value: string): boolean => UUID.test(value);
