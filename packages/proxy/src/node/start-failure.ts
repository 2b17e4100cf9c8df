import { isProxyConfigError } from '../config/errors.ts';

/** Errors of `listen` that mean HOST names no interface of this machine. */
const UNKNOWN_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

/**
 * Why the CLI could not start, in terms of the variables its user sets (HOST, PORT,
 * HEARKEN_ALLOW_BROAD_KEY), not of options or system calls.
 */
export function startFailure(error: unknown, where: { host: string; port: number }): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `port ${where.port} on ${where.host} is already in use; set PORT to a free port`;
  if (code === 'EACCES') {
    return `port ${where.port} on ${where.host} needs privileges this process lacks; set PORT to 1024 or above`;
  }
  if (code && UNKNOWN_HOST.has(code)) {
    return `HOST "${where.host}" is not an address of this machine; set HOST to one (127.0.0.1, or 0.0.0.0 for every interface)`;
  }
  return isProxyConfigError(error)
    ? error.message.replace('set allowBroadKey', 'set HEARKEN_ALLOW_BROAD_KEY=true')
    : String(error);
}
