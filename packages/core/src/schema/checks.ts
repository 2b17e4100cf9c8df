import { addIssue } from './issue.ts';
import type { Check } from './types.ts';

type Sized = string | readonly unknown[];

const unit = (value: Sized) => (typeof value === 'string' ? ' characters' : ' items');

/** Matches `pattern`; `message` replaces the default `must match /pattern/`. */
export const regex =
  (pattern: RegExp, message = `must match ${pattern}`): Check<string> =>
  (value, ctx) => {
    if (!pattern.test(value)) addIssue(ctx, 'invalid_format', message);
  };

/** At least `min` characters or items. */
export const minLength =
  (min: number): Check<Sized> =>
  (value, ctx) => {
    if (value.length < min) {
      addIssue(ctx, 'too_small', min === 1 ? 'must not be empty' : `must be at least ${min}${unit(value)}`);
    }
  };

/** At most `max` characters or items. */
export const maxLength =
  (max: number): Check<Sized> =>
  (value, ctx) => {
    if (value.length > max) addIssue(ctx, 'too_big', `must be at most ${max}${unit(value)}`);
  };

/** A number no less than `min`. */
export const gte =
  (min: number): Check<number> =>
  (value, ctx) => {
    if (value < min) addIssue(ctx, 'too_small', `must be at least ${min}`);
  };

/** A number no greater than `max`. */
export const lte =
  (max: number): Check<number> =>
  (value, ctx) => {
    if (value > max) addIssue(ctx, 'too_big', `must be at most ${max}`);
  };

export interface RefineOptions {
  /** Default `is invalid`. */
  message?: string;
  /** Where below the checked value to report the issue, e.g. `['companyId']`. */
  path?: PropertyKey[];
}

/** Any rule `ok` states, reported as a `custom` issue. */
export const refine =
  <T>(ok: (value: T) => unknown, { message = 'is invalid', path = [] }: RefineOptions = {}): Check<T> =>
  (value, ctx) => {
    if (!ok(value)) ctx.issues.push({ path: [...ctx.path, ...path], code: 'custom', message });
  };
