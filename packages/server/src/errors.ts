/**
 * What services throw when a request breaks one of the service's rules. They know nothing of
 * HTTP: `http/errors.ts` maps each to the status and error body of the request's API generation.
 */

/** One failed rule of a request: where, and what is wrong. */
export interface Issue {
  path: string;
  message: string;
}

/** The input names something that does not exist, or breaks a rule no schema can check. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(
    readonly issues: Issue[],
    message = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
  ) {
    super(message);
  }
}

/** The resource addressed does not exist in the caller's workspace (or is not published). */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(readonly resource: string) {
    super(`${resource} not found`);
  }
}

/** The request clashes with the current state (a taken email, a full list, no contact to write to). */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
}

/** The caller may not do this, whatever its input (a role rule of the workspace). */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}
