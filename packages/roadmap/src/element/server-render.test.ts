// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('@hearken/roadmap during a server render (Node, no DOM)', () => {
  it('imports, and define() does nothing instead of throwing', async () => {
    expect(globalThis.customElements).toBeUndefined();
    const { define, HearkenRoadmapElement } = await import('../index.ts');
    expect(define()).toBeUndefined();
    expect(define('x-roadmap')).toBeUndefined();
    expect(HearkenRoadmapElement.observedAttributes).toContain('workspace');
  });

  it('runs the headless model, which needs no DOM', async () => {
    const { createRoadmapModel } = await import('../model/index.ts');
    expect(createRoadmapModel({ storage: null }).portal.state.value).toEqual({ status: 'idle' });
  });
});
