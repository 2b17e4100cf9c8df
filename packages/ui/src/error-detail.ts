import type { HearkenErrorDetail } from './events.ts';

// Client errors without an API code of their own, by class name (names, not `instanceof`, so any
// copy of @hearken/core is recognised).
const CODE_BY_NAME: Record<string, string> = {
  RequestValidationError: 'invalid_request',
  ResponseShapeError: 'invalid_response',
  NetworkError: 'network_error',
  TimeoutError: 'timeout',
};

/** The `hearken:error` detail for anything a @hearken/core client rejected with. */
export function errorDetail(error: unknown): HearkenErrorDetail {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const detail: HearkenErrorDetail = {
    code: typeof e.code === 'string' ? e.code : (CODE_BY_NAME[String(e.name)] ?? 'unknown_error'),
    message: typeof e.message === 'string' ? e.message : String(error),
  };
  if (typeof e.status === 'number') detail.status = e.status;
  if (typeof e.requestId === 'string') detail.requestId = e.requestId;
  return detail;
}
