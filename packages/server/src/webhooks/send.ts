import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressAllowed, bareHost } from './address-policy.ts';

export interface SendOptions {
  /** Whole-attempt limit: connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Accept loopback receivers and http (the server's development flag). */
  allowLoopback: boolean;
  /** How much of the receiver's answer is read before the connection is dropped. */
  maxResponseBytes: number;
  /** Keep-alive agents to reuse connections; default: a new connection per request. */
  agents?: WebhookAgents | undefined;
}

export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/**
 * Keep-alive agents for a worker: consecutive deliveries to one receiver reuse a connection.
 * Every new connection still goes through the address guard (its lookup is per request).
 */
export function webhookAgents(): WebhookAgents {
  const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 4, timeout: 30_000 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** A status when the receiver answered, else why not. */
export type SendResult = { status: number } | { error: string };

class RefusedAddress extends Error {}

/**
 * Resolves like the system does, then refuses the connection if any address is not allowed:
 * the check happens on the very addresses the socket uses, so a name cannot be re-pointed
 * (DNS rebinding) between a check and the connection.
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(
          new RefusedAddress(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not allowed`),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * POSTs one webhook. Redirects are not followed (a 3xx is a failed attempt), the answer's body
 * is read only up to a small cap, and the address is checked after DNS resolution.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ error: 'invalid URL' });
  }
  const host = bareHost(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback)) {
    return Promise.resolve({ error: 'refused: not https' });
  }
  if (ipaddr.isValid(host) && !addressAllowed(host, options.allowLoopback)) {
    return Promise.resolve({ error: `refused: ${host} is not a public address` });
  }
  if (url.protocol === 'http:' && !(ipaddr.isValid(host) || host === 'localhost' || host.endsWith('.localhost'))) {
    return Promise.resolve({ error: 'refused: http is accepted only to loopback addresses' });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A connection is reused only after an answer read to its end.
      if (!reusable) request.destroy();
      resolve(result);
    };
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    const payload = Buffer.from(body);
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'Hearken-Webhooks/1',
        },
        // The guard applies to names; IP literals were checked above (Node skips lookup for them).
        lookup: guardedLookup(options.allowLoopback),
        agent: (secure ? options.agents?.https : options.agents?.http) ?? false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= options.maxResponseBytes) finish({ status });
        });
        response.on('end', () => finish({ status }, true));
        response.on('error', () => finish({ status }));
      },
    );
    const timer = setTimeout(() => finish({ error: `timeout after ${options.timeoutMs} ms` }), options.timeoutMs);
    request.on('error', (error) =>
      finish({ error: error instanceof RefusedAddress ? `refused: ${error.message}` : error.message }),
    );
    request.end(payload);
  });
}
