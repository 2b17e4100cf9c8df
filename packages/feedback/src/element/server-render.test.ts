// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('@hearken/feedback during a server render (Node, no DOM)', () => {
  it('imports, and define() does nothing instead of throwing', async () => {
    expect(typeof globalThis.customElements).toBe('undefined');
    const { define, HearkenFeedbackElement } = await import('../index.ts');
    expect(define()).toBeUndefined();
    expect(define('acme-feedback')).toBeUndefined();
    expect(HearkenFeedbackElement.observedAttributes).toContain('proxy');
  });

  it('runs the headless model, which needs no DOM', async () => {
    const { createFeedbackModel, memoryStorage } = await import('../model/index.ts');
    const model = createFeedbackModel({ proxy: 'https://proxy.test', storage: memoryStorage() });
    model.edit('text', 'Works in Node');
    expect(model.draft.value.text).toBe('Works in Node');
    model.dispose();
  });
});
