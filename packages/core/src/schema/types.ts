/** One failed rule, with a readable message that never contains the offending value. */
export interface ValidationIssue {
  /** Where the rule failed, e.g. `['domains', 0]`; empty for the value as a whole. */
  path: PropertyKey[];
  /** What kind of rule failed, e.g. `invalid_type`, `too_small`, `invalid_format`. */
  code: string;
  message: string;
}

/** The state of one parse: the issues found so far and where in the value the parse is. */
export interface ParseContext {
  readonly issues: ValidationIssue[];
  /** Pushed and popped as the parse walks into properties and items, copied into each issue. */
  readonly path: PropertyKey[];
}

/** A rule run on a value that already has the schema's type; it reports failures to `ctx`. */
export type Check<T> = (value: T, ctx: ParseContext) => void;

export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { issues: ValidationIssue[] } };

/** Parses a value: returns the output and adds an issue to `ctx` for every broken rule. */
export type Run = (value: unknown, ctx: ParseContext) => unknown;

/**
 * A schema: plain data plus the shared `check` and `safeParse` functions, which read `this`, so
 * call them on the schema (`schema.safeParse(value)`). `O` is what a parse gives, `I` what it
 * accepts.
 */
export interface Schema<O = unknown, I = O> {
  /** The schema's own type test, without its checks. */
  readonly base: Run;
  readonly checks: readonly Check<never>[];
  /** `base`, then the checks when `base` found nothing wrong. */
  readonly run: Run;
  /** A copy of this schema with more rules; every rule runs, so all failures are reported. */
  check(...checks: Check<O>[]): this;
  safeParse(value: unknown): SafeParseResult<O>;
  /** Type-level only: never set at run time. */
  readonly '~types'?: { readonly output: O; readonly input: I };
}

/** Marks a schema whose object key may be left out. */
export interface OptionalSchema<O = unknown, I = O> extends Schema<O | undefined, I | undefined> {
  readonly optional: true;
}

// biome-ignore lint/suspicious/noExplicitAny: the widest schema type, for constraints only.
export type AnySchema = Schema<any, any>;

/** What a successful parse with `S` gives (zod's `z.output`). */
export type Output<S extends AnySchema> = NonNullable<S['~types']>['output'];
/** What `S` accepts (zod's `z.input`). */
export type Input<S extends AnySchema> = NonNullable<S['~types']>['input'];
