import * as z from 'zod/mini';

/** v1 error body: `{message, code, issues?}` and nothing else. */
export const v1ErrorBodySchema = /*@__PURE__*/ z.strictObject({
  message: /*@__PURE__*/ z.string(),
  code: /*@__PURE__*/ z.string(),
  issues: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.array(/*@__PURE__*/ z.looseObject({ message: /*@__PURE__*/ z.string() })),
  ),
});
export type V1ErrorBody = z.output<typeof v1ErrorBodySchema>;

/** v2 error envelope. `details` carries `required`/`granted` for scope_required, `issues` for invalid_request. */
export const v2ErrorBodySchema = /*@__PURE__*/ z.object({
  error: /*@__PURE__*/ z.object({
    code: /*@__PURE__*/ z.string(),
    message: /*@__PURE__*/ z.string(),
    details: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.unknown())),
    request_id: /*@__PURE__*/ z.string(),
  }),
});
export type V2ErrorBody = z.output<typeof v2ErrorBodySchema>;
