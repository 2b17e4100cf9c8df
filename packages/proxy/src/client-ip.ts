import type { ResolvedOptions } from './options.ts';

/**
 * The address to rate-limit and forward. `X-Forwarded-For` is trusted only as far as the
 * configured number of proxy hops: each trusted hop appends the address it saw, so the client
 * is the entry `trustProxy` places from the right. Anything further left could be forged.
 */
export function clientIp(
  request: Request,
  socketAddress: string | undefined,
  options: Pick<ResolvedOptions, 'trustProxy' | 'clientIpHeader'>,
): string | undefined {
  if (options.clientIpHeader) {
    const value = request.headers.get(options.clientIpHeader)?.trim();
    if (value) return value;
  }
  if (options.trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const entry = hops[hops.length - options.trustProxy];
    if (entry) return entry;
    // Fewer hops than configured: the header is short, so its leftmost entry is the best we know.
    if (hops[0]) return hops[0];
  }
  return socketAddress;
}
