/** What of a failed query's cause is safe to log: the driver's code and message, never its detail (which quotes values). */
interface QueryCause {
  name?: string;
  code?: string;
  message?: string;
}

/** A failed query as drizzle reports it: its message and `params` carry the request's values. */
function isQueryError(error: unknown): error is Error & { query: string; params: unknown[]; cause?: QueryCause } {
  return error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && 'params' in error;
}

/**
 * A failure as it may be logged: a database error keeps its query text (placeholders only), the
 * driver's error code and message and its stack, and loses its parameters and the driver's
 * `detail`, which hold what a visitor sent; the logs never hold bodies. Anything else as it is.
 */
export function loggableError(error: unknown): unknown {
  if (!isQueryError(error)) return error;
  const cause = error.cause;
  const safe = new Error(`Failed query: ${error.query}`);
  safe.name = 'DatabaseQueryError';
  // The original stack begins with the message, parameters included: only its frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return Object.assign(safe, {
    ...(cause?.code ? { code: cause.code } : {}),
    ...(cause?.message ? { reason: cause.message } : {}),
  });
}
