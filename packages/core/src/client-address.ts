import ipaddr from 'ipaddr.js';

/**
 * Whether `value` is an IP address as a socket or proxy header gives one: IPv4 in dotted
 * four-part decimal, or IPv6 in any textual form (compressed, with an embedded IPv4, with a zone
 * id). Shorthand IPv4 forms such as `127.1` are refused: no proxy writes them.
 */
export function isIpAddress(value: string): boolean {
  return ipaddr.IPv6.isValid(value) || ipaddr.IPv4.isValidFourPartDecimal(value);
}

/**
 * The rate-limit bucket of a client address, or null when `value` is not an address. An IPv4
 * address is its own bucket; an IPv6 address counts as its /64 network (`2001:db8:0:1::/64`),
 * since one subscriber is routinely handed a whole /64 and could otherwise rotate addresses to
 * dodge a per-address limit. IPv4-mapped IPv6 (`::ffff:1.2.3.4`, as a dual-stack socket reports
 * IPv4 peers) is the IPv4 address; every spelling of one network, zone ids aside, is one bucket.
 */
export function addressBucket(value: string): string | null {
  const trimmed = value.trim();
  if (!isIpAddress(trimmed)) return null;
  const address = ipaddr.process(trimmed);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * The client address a chain of `hops` trusted reverse proxies reports in `X-Forwarded-For`: each
 * trusted hop appends the address it saw, so the client is the entry `hops` places from the right
 * (the leftmost when the header has fewer). Anything further left could be forged by the client.
 * Undefined when `hops` is 0, the header is absent, or that entry is not an IP address.
 */
export function forwardedClient(header: string | null | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const entries = header.split(',');
  const value = entries[Math.max(0, entries.length - hops)]?.trim();
  return value && isIpAddress(value) ? value : undefined;
}
