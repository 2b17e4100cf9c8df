import { FEEDBACK_OUTBOX_KEY } from '@hearken/core';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../test/mount.ts';

type Widget = ReturnType<typeof mountWidget>;

const submit = (widget: Widget) => fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
const status = (widget: Widget) => widget.root.querySelector('.hk-status[role=status]')?.textContent ?? '';

afterEach(() => {
  document.body.replaceChildren();
});

/**
 * The key proxy holds a paste sent at once (fill time) or a filled honeypot for review and answers
 * it as it answers any stored thread: the widget must treat that answer as sent and say so.
 */
describe('a submission the proxy holds for review', () => {
  it.each([
    ['pasted and sent at once', false],
    ['with a password manager in the honeypot', true],
  ])('%s: thanked as any other, and gone from the outbox', async (_label, honeypot) => {
    const widget = mountWidget({ mode: 'inline' });
    const field = (await widget.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement;
    fireEvent.input(field, { target: { value: 'Pasted: the export drops the last row' } });
    if (honeypot) {
      const trap = widget.root.querySelector<HTMLInputElement>('input[name=website]')!;
      fireEvent.input(trap, { target: { value: 'ana@example.com' } });
    }
    submit(widget);
    await waitFor(() => expect(status(widget)).toBe('Thank you! Your feedback was sent.'));
    const sent = widget.proxy.threads[0]!;
    // What the proxy judges: a fill far under its 1.5 s threshold, or the trap's value.
    expect(Number(sent.headers.get('x-hearken-fill-ms'))).toBeLessThan(1500);
    expect(sent.headers.get('x-hearken-hp')).toBe(honeypot ? 'ana@example.com' : '');
    expect(widget.events.map((event) => event.type)).toEqual(['hearken:submit', 'hearken:success']);
    expect(widget.root.querySelector('[role=alert]')?.textContent ?? '').toBe('');
    expect(widget.store.getItem(FEEDBACK_OUTBOX_KEY) ?? '[]').not.toContain('export drops');
  });
});
