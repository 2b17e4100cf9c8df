// @vitest-environment node
import { expect, it } from 'vitest';

it('define() of either entry does nothing where custom elements do not exist (a server render in Node)', async () => {
  expect(globalThis.customElements).toBeUndefined();
  const roadmap = await import('./index.ts');
  expect(roadmap.define()).toBeUndefined();
  expect(roadmap.define('x-roadmap')).toBeUndefined();
  const element = await import('./custom-element.ts');
  expect(element.define()).toBeUndefined();
  // The headless model still works there.
  expect(roadmap.createRoadmapModel({ storage: null }).state.value).toEqual({ status: 'idle' });
});
