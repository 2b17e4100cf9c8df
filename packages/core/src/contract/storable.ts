/** Deepest nesting of arrays and objects a request body may have; no request needs more than a few. */
export const MAX_JSON_DEPTH = 64;

/** A UTF-16 surrogate without its partner: no UTF-8 text, so no PostgreSQL text, can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string a database cannot store, or undefined when it can be stored. */
export function unstorableString(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (no lone surrogate \\uD800-\\uDFFF)';
  return undefined;
}

/** Where a parsed JSON body goes wrong before any schema looks at it: the dotted path of the field and what is wrong. */
export interface UnstorableIssue {
  path: string;
  message: string;
}

/**
 * The first problem of a parsed JSON body that no schema reports, at any depth: a string or key
 * the database cannot store (NUL, a lone surrogate), a `__proto__` key (which a schema's output
 * object would silently drop, so it is refused as an unknown property, as at the top level), or
 * nesting deeper than MAX_JSON_DEPTH. Walked with an explicit stack, so a body nested thousands
 * of levels deep cannot overflow the call stack. Every reader of a JSON body calls it first.
 */
export function findUnstorable(data: unknown): UnstorableIssue | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: data, path: [] }];
  const where = (path: string[]) => path.join('.') || '(body)';
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = unstorableString(value);
      if (message) return { path: where(path), message };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      return { path: where(path), message: `is nested too deeply (more than ${MAX_JSON_DEPTH} levels)` };
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const keyProblem = key === '__proto__' ? 'unknown property' : unstorableString(key);
      if (keyProblem) return { path: where([...path, key]), message: keyProblem };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
