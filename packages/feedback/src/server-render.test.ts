// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('@hearken/feedback during a server render (Node, no DOM)', () => {
  it('imports, and define() does nothing instead of throwing', async () => {
    expect(typeof globalThis.customElements).toBe('undefined');
    const { define, HearkenFeedbackElement } = await import('./index.ts');
    expect(define()).toBeUndefined();
    expect(define('acme-feedback')).toBeUndefined();
    expect(HearkenFeedbackElement.observedAttributes).toContain('proxy');
  });
});
