import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go. Only public unicast addresses: private, loopback, link-local, carrier
 * NAT, multicast and reserved ranges (and IPv6 forms that embed them) are refused, so an
 * endpoint cannot make the service call into its own network. `allowLoopback` (the server's
 * development flag) lets loopback through, nothing else.
 */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The hostname of a URL without IPv6 brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a URL cannot be a webhook endpoint, or undefined when it can. Names are resolved too; a name
 * that does not resolve now is accepted (every delivery resolves and checks again).
 */
export async function webhookUrlProblem(raw: string, allowLoopback: boolean): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  const loopback = literal ? ipaddr.process(host).range() === 'loopback' : isLoopbackName(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback && loopback)) {
    return allowLoopback ? 'must be https (or http to a loopback address)' : 'must be https';
  }
  if (loopback) return allowLoopback ? undefined : 'must not point at a loopback address';
  if (literal) return addressAllowed(host, false) ? undefined : 'must not point at a private or reserved address';
  const addresses = await Promise.race([
    lookup(host, { all: true, verbatim: true }).catch(() => []),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), 2000).unref()),
  ]);
  if (addresses.some((entry) => !addressAllowed(entry.address, allowLoopback))) {
    return 'resolves to a private, loopback or link-local address';
  }
  return undefined;
}
