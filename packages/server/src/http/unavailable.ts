/**
 * Whether a failure means the database cannot be reached right now (down, restarting, or the
 * connection dropped), as opposed to a fault in the request or the code. Such a failure is
 * answered 503 with Retry-After, since the same request will succeed once the database is back.
 * Only node-postgres raises these: the embedded PGlite runs in the process and cannot be away.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
    if (DROPPED.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Socket failures of a connection to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** SQLSTATE class 08 (connection exception), and 57P01-57P03 (shut down, crashed, starting up). */
const SERVER_GONE = /^(08...|57P0[1-3])$/;
/** node-postgres's own words for a connection that ended or never came. */
const DROPPED =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/;

/** Seconds a client is told to wait before retrying while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
