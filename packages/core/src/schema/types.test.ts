import { describe, expectTypeOf, it } from 'vitest';
import { array, nullable, object, optional, picklist, string, union } from './index.ts';
import type { Input, Output } from './types.ts';

// Checked by `tsc` (pnpm lint): the inferred types that schema files export as `Project`, ... .
describe('inferred types', () => {
  it('optional keys are optional, nullable values take null, enums are unions of their values', () => {
    const schema = object({
      id: string(),
      note: optional(nullable(string())),
      level: picklist(['LOW', 'HIGH']),
      tags: array(union([string(), nullable(string())])),
    });
    expectTypeOf<Output<typeof schema>>().toEqualTypeOf<{
      id: string;
      note?: string | null | undefined;
      level: 'LOW' | 'HIGH';
      tags: (string | null)[];
    }>();
    expectTypeOf<Input<typeof schema>>().toEqualTypeOf<Output<typeof schema>>();
  });
});
