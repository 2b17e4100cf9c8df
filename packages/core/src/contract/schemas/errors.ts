import * as z from 'zod/mini';

/** v1 error body: `{message, code, issues?}` and nothing else. */
export const v1ErrorBodySchema = z.strictObject({
  message: z.string(),
  code: z.string(),
  issues: z.optional(z.array(z.looseObject({ message: z.string() }))),
});
export type V1ErrorBody = z.output<typeof v1ErrorBodySchema>;

/** v2 error envelope. `details` carries `required`/`granted` for scope_required, `issues` for invalid_request. */
export const v2ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
    request_id: z.string(),
  }),
});
export type V2ErrorBody = z.output<typeof v2ErrorBodySchema>;
