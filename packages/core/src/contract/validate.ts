import type * as z from 'zod/mini';
import { RequestValidationError, ResponseShapeError } from './errors.ts';
import { type AnySchema, type SafeParseResult, safeParse, safeParseInSlices } from './parse.ts';

/**
 * How responses are checked against their schemas:
 * - `strict` (default): a response that breaks its schema fails with `ResponseShapeError`.
 * - `lenient`: such a response is returned as received (after normalisation) and the
 *   `ResponseShapeError` goes to the `onResponseShapeError` option instead of being thrown.
 * - `off`: no schema check (documented alternative forms are still normalised).
 */
export type ValidationMode = 'strict' | 'lenient' | 'off';

export interface ResponseValidationOptions {
  /** Default `strict`. */
  validation?: ValidationMode | undefined;
  /** Told about every schema break that `lenient` lets through. */
  onResponseShapeError?: ((error: ResponseShapeError) => void) | undefined;
}

/** Checks a caller's input; throws `RequestValidationError` naming the field (under `field`, if given). */
export function validateInput<S extends AnySchema>(schema: S, value: unknown, field?: string): z.output<S> {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const { issues } = result;
  throw new RequestValidationError(
    field ? issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })) : issues,
  );
}

type RequestInfo = { method: string; url: string };

/** A parse's result as the validation mode wants it: the data, a thrown error, or the value as received. */
function settle<T>(
  result: SafeParseResult<T>,
  value: unknown,
  options: ResponseValidationOptions,
  request: RequestInfo,
): T {
  if (result.success) return result.data;
  const error = new ResponseShapeError(result.issues, request.method, request.url);
  if (options.validation !== 'lenient') throw error;
  options.onResponseShapeError?.(error);
  return value as T;
}

/** Checks a response body according to the validation mode. */
export function parseResponse<S extends AnySchema>(
  schema: S,
  value: unknown,
  options: ResponseValidationOptions,
  request: RequestInfo,
): z.output<S> {
  if (options.validation === 'off') return value as z.output<S>;
  return settle(safeParse(schema, value), value, options, request);
}

/** Items checked per task in a long list. */
const LIST_SLICE = 100;

/** Hands the main thread back between slices: `scheduler.yield()` where the browser has it. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** `parseResponse` for a list, checked `LIST_SLICE` items per task so a long one never blocks for long. */
export async function parseListResponse<T extends AnySchema>(
  schema: z.ZodMiniArray<T>,
  value: unknown,
  options: ResponseValidationOptions,
  request: RequestInfo,
): Promise<z.output<T>[]> {
  if (options.validation === 'off' || !Array.isArray(value)) return parseResponse(schema, value, options, request);
  return settle(await safeParseInSlices(schema.def.element, value, LIST_SLICE, nextTask), value, options, request);
}
