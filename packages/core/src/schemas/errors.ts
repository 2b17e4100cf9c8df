import * as s from '../schema/index.ts';

/** v1 error body: `{message, code, issues?}` and nothing else. */
export const v1ErrorBodySchema = s.strictObject({
  message: s.string(),
  code: s.string(),
  issues: s.optional(s.array(s.looseObject({ message: s.string() }))),
});
export type V1ErrorBody = s.Output<typeof v1ErrorBodySchema>;

/** v2 error envelope. `details` carries `required`/`granted` for scope_required, `issues` for invalid_request. */
export const v2ErrorBodySchema = s.object({
  error: s.object({
    code: s.string(),
    message: s.string(),
    details: s.optional(s.record(s.string(), s.unknown())),
    request_id: s.string(),
  }),
});
export type V2ErrorBody = s.Output<typeof v2ErrorBodySchema>;
