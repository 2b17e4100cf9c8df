import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Fetched, UpstreamRequest, UpstreamTransport } from './upstream-fetch.ts';

/** An upstream transport that can let go of its pooled connections. */
export interface NodeTransport extends UpstreamTransport {
  close(): void;
}

/**
 * The service over node:http(s) with one keep-alive agent: on Node a loopback call costs about
 * a tenth of what `fetch` (undici, with its web streams and Request/Response objects) spends.
 * Connections stay open between calls and send without Nagle delay; the agent retires a pooled
 * connection before the service's advertised Keep-Alive timeout. Nothing is retried here: a
 * failed post becomes a 502 and the widget resends it with the same Idempotency-Key.
 */
export function nodeTransport(): NodeTransport {
  const agentOptions = { keepAlive: true, noDelay: true, scheduling: 'lifo' } as const;
  const http = new HttpAgent(agentOptions);
  const https = new HttpsAgent(agentOptions);

  // The base is the same on every call: parsed once, not per request.
  let target: { base: string; secure: boolean; hostname: string; port: string; prefix: string } | null = null;
  function parse(base: string) {
    if (target?.base !== base) {
      const url = new URL(base);
      target = {
        base,
        secure: url.protocol === 'https:',
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        prefix: url.pathname.replace(/\/$/, ''),
      };
    }
    return target;
  }

  function send(request: UpstreamRequest, timeoutMs: number): Promise<Fetched> {
    const { secure, hostname, port, prefix } = parse(request.base);
    const headers = request.headers;
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    return new Promise((resolve) => {
      let settled = false;
      const settle = (fetched: Fetched) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(fetched);
      };
      const timer = setTimeout(() => {
        settle({ ok: false, timedOut: true });
        outgoing.destroy();
      }, timeoutMs);
      const outgoing = (secure ? httpsRequest : httpRequest)(
        {
          hostname,
          port,
          path: `${prefix}${request.path}`,
          method: request.method,
          headers,
          agent: secure ? https : http,
        },
        (incoming: IncomingMessage) => {
          incoming.setEncoding('utf8');
          let text = '';
          incoming.on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('end', () => {
            const received = incoming.headers;
            settle({
              ok: true,
              status: incoming.statusCode ?? 0,
              header: (name) => {
                const value = received[name.toLowerCase()];
                return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
              },
              text,
            });
          });
          incoming.on('error', () => settle({ ok: false, timedOut: false }));
        },
      );
      outgoing.on('error', () => settle({ ok: false, timedOut: false }));
      outgoing.end(request.body);
    });
  }

  return Object.assign(send, {
    close() {
      http.destroy();
      https.destroy();
    },
  });
}
