// The schema module: a small functional subset of zod's API (see docs/decisions.md). Every
// combinator is a pure function returning plain data, so a bundle keeps only what it calls.
export { gte, lte, maxLength, minLength, type RefineOptions, refine, regex } from './checks.ts';
export { type ArraySchema, array, record } from './collections.ts';
export { nullable, optional } from './modifiers.ts';
export {
  looseObject,
  type ObjectSchema,
  object,
  type Shape,
  type ShapeInput,
  type ShapeOutput,
  strictObject,
} from './object.ts';
export { boolean, int, number, string, unknown, url } from './primitives.ts';
export { safeParseInSlices } from './slices.ts';
export type {
  AnySchema,
  Check,
  Input,
  OptionalSchema,
  Output,
  ParseContext,
  SafeParseResult,
  Schema,
  ValidationIssue,
} from './types.ts';
export { union } from './union.ts';
export { literal, picklist as enum, picklist } from './values.ts';
