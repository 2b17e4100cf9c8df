import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../test/mount.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

async function inlineForm(options: Parameters<typeof mountWidget>[0] = {}) {
  const widget = mountWidget({ mode: 'inline', ...options });
  const text = (await widget.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement;
  fireEvent.input(text, { target: { value: 'The export button does nothing' } });
  return widget;
}

describe('what goes with the feedback', () => {
  it('is named before sending, the host’s keys in words, with the exact values under “Show details”', async () => {
    const widget = await inlineForm({ context: { app_version: '4.2.0' } });
    const box = widget.ui.getByRole('checkbox', { name: /^Also send: / }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.closest('label')?.textContent).toBe(
      'Also send: page, language and time zone, window size, browser, and app version',
    );
    const details = widget.root.querySelector('.hk-context-summary details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Show details');
    const shown = Object.fromEntries(
      [...details.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({ page_url: `${location.origin}${location.pathname}`, app_version: '4.2.0' });
  });

  it('goes as the thread’s metadata, exactly as shown', async () => {
    const widget = await inlineForm({ context: { app_version: '4.2.0' } });
    const details = widget.root.querySelector('.hk-context-summary dl')!;
    const shown = Object.fromEntries(
      [...details.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body.metadata).toEqual(shown);
  });

  it('is left out once the user unticks it', async () => {
    const widget = await inlineForm({ context: { app_version: '4.2.0' } });
    fireEvent.click(widget.ui.getByRole('checkbox', { name: /^Also send: / }));
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body).not.toHaveProperty('metadata');
  });

  it('is not offered with context "off", and nothing goes', async () => {
    const widget = await inlineForm({ context: 'off' });
    expect(widget.root.querySelector('.hk-context-summary')).toBeNull();
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body).not.toHaveProperty('metadata');
  });

  it('is said in Arabic, right to left', async () => {
    const widget = await inlineForm({ context: { app_version: '4.2.0' }, language: 'ar' });
    await waitFor(() =>
      expect(widget.root.querySelector('.hk-context-summary label')?.textContent).toMatch(/^أرسل أيضًا: /),
    );
    expect(widget.root.querySelector('.hk-context-summary')?.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
  });
});
