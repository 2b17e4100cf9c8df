import type * as z from 'zod/mini';

type RawIssue = z.core.$ZodRawIssue;

const unit = (origin: unknown) => (origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '');

/**
 * Hearken's wording for every zod issue: the message names the rule, never the value (the field's
 * path is put in front of it where an issue is shown). Passed to each parse, so it wins over any
 * locale or `z.config` error map the host page set up; a message a schema gives itself (`regex`,
 * `refine` with a message) still wins over it.
 */
export function issueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `expected ${issue.expected}`;
    case 'too_small':
      return issue.minimum === 1 && unit(issue.origin)
        ? 'must not be empty'
        : `must be at least ${issue.minimum}${unit(issue.origin)}`;
    case 'too_big':
      return `must be at most ${issue.maximum}${unit(issue.origin)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_key':
      // The issue's path ends with the key, so the key's own rule is what to say.
      return `is not a valid key: ${issue.issues[0]?.message ?? 'invalid'}`;
    default:
      return 'is invalid';
  }
}
