import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` listening and resolves to the port it got (useful with port 0); rejects with the
 * listen error (a port in use, say) instead of emitting it, so a caller can report it before
 * anything claims to be ready.
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
