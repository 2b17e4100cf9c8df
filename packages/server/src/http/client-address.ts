import { addressBucket, forwardedClient } from '@hearken/core/client-address';
import type { Context } from 'hono';
import type { ServerBindings } from './env.ts';

/** The bucket of every request whose runtime does not tell its address. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * The rate-limit bucket of the client: with `trustProxy` hops, the address the nearest of them
 * reports in `X-Forwarded-For` (core's `forwardedClient`, the key proxy's meaning); else, or when
 * that entry is missing or no address, the connecting address where the runtime tells it (Node,
 * or the listener handing over a request it could not read). An IPv6 client counts as its /64
 * (core's `addressBucket`), so that rotating addresses within a network buys nothing. UNKNOWN_ADDRESS
 * when neither tells.
 */
export function clientAddress(c: Context, trustProxy = 0): string {
  const env = c.env as ServerBindings | undefined;
  const forwarded = env?.unreadable ? undefined : forwardedClient(c.req.header('x-forwarded-for'), trustProxy);
  const address = forwarded ?? (env?.unreadable ? env.unreadable.remoteAddress : env?.incoming?.socket?.remoteAddress);
  return (address && addressBucket(address)) ?? UNKNOWN_ADDRESS;
}
