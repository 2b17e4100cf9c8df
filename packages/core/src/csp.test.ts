import { expect, it } from 'vitest';

// A schema library that compiles parsers (as full zod does) probes `new Function`, which a strict
// CSP without 'unsafe-eval' reports as a violation; core's schemas must never do that.
it('builds and runs its schemas without evaluating strings, so a strict CSP reports nothing', async () => {
  const evaluated: unknown[] = [];
  const original = globalThis.Function;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      evaluated.push(args);
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      evaluated.push(args);
      return Reflect.apply(target, self, args);
    },
  });
  try {
    const core = await import('./index.ts');
    const { project } = await import('@hearken/test-support');
    expect(core.projectListSchema.safeParse([project()])).toMatchObject({ success: true, data: [project()] });
  } finally {
    globalThis.Function = original;
  }
  expect(evaluated).toEqual([]);
});
