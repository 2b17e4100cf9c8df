/** One failed rule, with a readable message that never contains the offending value. */
export interface ValidationIssue {
  /** Where the rule failed, e.g. `['domains', 0]`; empty for the value as a whole. */
  path: PropertyKey[];
  /** What kind of rule failed: zod's issue code (`invalid_type`, `too_small`, `unrecognized_keys`, ...). */
  code: string;
  message: string;
}

/** Dotted form of a path: `domains.0`, or `(root)` for the value itself. */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.length ? path.map(String).join('.') : '(root)';

/** `field: message` for the first few issues, for error messages. */
export function summariseIssues(issues: readonly ValidationIssue[], max = 3): string {
  const shown = issues.slice(0, max).map((issue) => `${formatPath(issue.path)} ${issue.message}`);
  return issues.length > max ? `${shown.join('; ')} (+${issues.length - max} more)` : shown.join('; ');
}
