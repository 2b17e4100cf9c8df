import { addressBucket } from '@hearken/core/client-address';
import type { Context } from 'hono';
import type { ServerBindings } from './env.ts';

/** The bucket of every request whose runtime does not tell its address. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The rate-limit bucket of the connecting address where the runtime tells it (Node, or the
 * listener handing over a request it could not read): the address, or its /64 for IPv6 (core's
 * `addressBucket`), so that rotating addresses within a network buys nothing. UNKNOWN_ADDRESS elsewhere.
 */
export function clientAddress(c: Context): string {
  const env = c.env as ServerBindings | undefined;
  const address = env?.unreadable ? env.unreadable.remoteAddress : env?.incoming?.socket?.remoteAddress;
  return (address && addressBucket(address)) ?? UNKNOWN_ADDRESS;
}
