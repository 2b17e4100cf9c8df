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
  it('is named before sending, every key in words, with the exact values under “Show details”', async () => {
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
    expect(shown).toMatchObject({ Page: `${location.origin}${location.pathname}`, 'app version': '4.2.0' });
    expect(Object.keys(shown)).not.toContain('page_url');
  });

  it('labels the details in the reader’s language', async () => {
    const widget = await inlineForm({ language: 'de' });
    await waitFor(() => expect(widget.root.querySelector('.hk-context-summary dt')?.textContent).toBe('Seite'));
  });

  it('goes as the thread’s metadata, exactly the values shown', async () => {
    const widget = await inlineForm({ context: { app_version: '4.2.0' } });
    const details = widget.root.querySelector('.hk-context-summary dl')!;
    const shown = [...details.querySelectorAll('dd')].map((value) => value.textContent);
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    const metadata = widget.proxy.threads[0]?.body.metadata as Record<string, string>;
    expect(Object.values(metadata)).toEqual(shown);
    expect(metadata.app_version).toBe('4.2.0');
  });

  it('with context "ask", is offered unticked and goes only once the user ticks it, each time', async () => {
    const widget = await inlineForm({ context: 'ask' });
    const box = widget.ui.getByRole('checkbox', { name: /^Also send: / }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body).not.toHaveProperty('metadata');

    fireEvent.click(await widget.ui.findByRole('button', { name: 'Send more feedback' }));
    fireEvent.input(await widget.ui.findByLabelText('Your feedback'), { target: { value: 'Second, with context' } });
    const again = widget.ui.getByRole('checkbox', { name: /^Also send: / }) as HTMLInputElement;
    expect(again.checked).toBe(false);
    fireEvent.click(again);
    fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(2));
    expect(widget.proxy.threads[1]?.body.metadata).toHaveProperty('page_url');
    // The next one is asked again.
    fireEvent.click(await widget.ui.findByRole('button', { name: 'Send more feedback' }));
    expect(((await widget.ui.findByRole('checkbox', { name: /^Also send: / })) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('links the host’s privacy page beside it', async () => {
    const widget = await inlineForm({ privacyUrl: '/privacy' });
    const link = widget.ui.getByRole('link', { name: 'How we handle your data' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.closest('.hk-form')).toBe(widget.root.querySelector('.hk-context-summary')?.closest('.hk-form'));
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
