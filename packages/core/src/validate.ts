import { RequestValidationError, ResponseShapeError } from './errors.ts';
import type { AnySchema, Output } from './schema/index.ts';

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
export function validateInput<S extends AnySchema>(schema: S, value: unknown, field?: string): Output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new RequestValidationError(
    field ? issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })) : issues,
  );
}

/** Checks a response body according to the validation mode. */
export function parseResponse<S extends AnySchema>(
  schema: S,
  value: unknown,
  options: ResponseValidationOptions,
  request: { method: string; url: string },
): Output<S> {
  const mode = options.validation ?? 'strict';
  if (mode === 'off') return value as Output<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const error = new ResponseShapeError(result.error.issues, request.method, request.url);
  if (mode === 'strict') throw error;
  options.onResponseShapeError?.(error);
  return value as Output<S>;
}
