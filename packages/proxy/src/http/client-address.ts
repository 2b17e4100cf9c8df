import { addressBucket, forwardedClient, isIpAddress } from '@hearken/core/client-address';
import type { ProxyRequest } from './exchange.ts';

/**
 * `read` remembering its last answer: the requests of one connection, or one client behind a
 * platform header, come with the same address, which is then parsed once.
 */
function lastOf<T>(read: (value: string) => T): (value: string) => T {
  let last: string | undefined;
  let answer: T;
  return (value) => {
    if (value !== last) {
      answer = read(value);
      last = value;
    }
    return answer;
  };
}

const validAddress = lastOf((value) => {
  const trimmed = value.trim();
  return trimmed && isIpAddress(trimmed) ? trimmed : undefined;
});

/** An IPv4 or IPv6 address; anything else in a header is ignored rather than used as a rate-limit key. */
function address(value: string | null | undefined): string | undefined {
  return value ? validAddress(value) : undefined;
}

const subjectOf = lastOf((ip) => `ip:${addressBucket(ip) ?? 'unknown'}`);

/**
 * What the per-address limits and the key's budget shares count a client as: its address, or its
 * /64 network for IPv6 (see `addressBucket`), so rotating addresses within one network buys nothing.
 */
export function rateLimitSubject(ip: string | undefined): string {
  return ip ? subjectOf(ip) : 'ip:unknown';
}

/** The options `clientIp` reads (the proxy's `trustProxy` and `clientIpHeader`, resolved). */
export interface ClientAddressOptions {
  /** Proxy hops whose `X-Forwarded-For` entries are trusted; 0 trusts none. */
  trustProxy: number;
  /** A platform's header naming the client, lower case; `null` when none is configured. */
  clientIpHeader: string | null;
}

/**
 * The address to rate-limit and forward. `X-Forwarded-For` is trusted only as far as the
 * configured number of proxy hops: each trusted hop appends the address it saw, so the client
 * is the entry `trustProxy` places from the right. Anything further left could be forged.
 */
export function clientIp(
  request: ProxyRequest,
  socketAddress: string | undefined,
  options: ClientAddressOptions,
): string | undefined {
  if (options.clientIpHeader) {
    const value = address(request.header(options.clientIpHeader));
    if (value) return value;
  }
  const forwarded = forwardedClient(request.header('x-forwarded-for'), options.trustProxy);
  if (forwarded) return forwarded;
  return address(socketAddress);
}
