import type * as z from 'zod/mini';

/** One failed rule, with a readable message that never contains the offending value. */
export interface ValidationIssue {
  /** Where the rule failed, e.g. `['domains', 0]`; empty for the value as a whole. */
  path: PropertyKey[];
  /** Zod issue code, e.g. `too_small`, `invalid_format`. */
  code: string;
  message: string;
}

/** Dotted form of a path: `domains.0`, or `(root)` for the value itself. */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.length ? path.map(String).join('.') : '(root)';

const unit = (origin: string) => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '');

/**
 * Error map passed to every parse: messages written from the issue data, never quoting the input,
 * and the same whether or not the host page has loaded a zod locale. A message given with a rule
 * in a schema still wins.
 */
export function describeIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
      if (Number(issue.minimum) === 1 && (issue.origin === 'string' || issue.origin === 'array')) {
        return 'must not be empty';
      }
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}${unit(issue.origin)}`;
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}${unit(issue.origin)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `must match ${issue.pattern}` : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return 'is invalid';
  }
}

/** Flattens zod issues into ours; an unknown key becomes its own issue so the field is named. */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((issue): ValidationIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key], code: issue.code, message: issue.message }))
      : [{ path: [...issue.path], code: issue.code, message: issue.message }],
  );
}

/** `field: message` for the first few issues, for error messages. */
export function summariseIssues(issues: readonly ValidationIssue[], max = 3): string {
  const shown = issues.slice(0, max).map((issue) => `${formatPath(issue.path)} ${issue.message}`);
  return issues.length > max ? `${shown.join('; ')} (+${issues.length - max} more)` : shown.join('; ');
}
