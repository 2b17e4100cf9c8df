import { waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { define } from './define.ts';
import { HearkenFeedbackElement } from './element.ts';
import { mountFeedback } from './mount.ts';
import '../test/mount.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('<hearken-feedback>', () => {
  it('registers once, and other tag names get their own class', () => {
    const first = define();
    expect(define()).toBe(first);
    expect(customElements.get('hearken-feedback')).toBe(HearkenFeedbackElement);
    const other = define('acme-feedback');
    expect(other).not.toBe(HearkenFeedbackElement);
    expect(document.createElement('acme-feedback')).toBeInstanceOf(HearkenFeedbackElement);
  });

  it('defines nothing and throws nothing where customElements is missing (Node, server rendering)', () => {
    vi.stubGlobal('customElements', undefined);
    try {
      expect(define('nowhere-feedback')).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(customElements.get('nowhere-feedback')).toBeUndefined();
  });

  it('keeps attributes and properties in sync', () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('project-id', 'p1');
    expect(element.projectId).toBe('p1');
    element.identityToken = 'token';
    expect(element.getAttribute('identity-token')).toBe('token');
    element.issueId = null;
    expect(element.hasAttribute('issue-id')).toBe(false);
    element.setAttribute('context-title', 'ENG-12 Export');
    expect(element.contextTitle).toBe('ENG-12 Export');
  });

  it('takes context="off" as an attribute and the host’s context entries as a property', () => {
    define();
    const element = document.createElement('hearken-feedback');
    expect(element.context).toBeUndefined();
    element.setAttribute('context', 'off');
    expect(element.context).toBe('off');
    element.context = { app_version: '4.2.0' };
    expect(element.context).toEqual({ app_version: '4.2.0' });
    element.screenshots = 'on';
    expect(element.getAttribute('screenshots')).toBe('on');
    element.setAttribute('context-url', 'full');
    expect(element.contextUrl).toBe('full');
  });

  it('keeps a property set before the element was defined', async () => {
    const element = document.createElement('hearken-feedback-late') as HearkenFeedbackElement;
    (element as unknown as { position: string }).position = 'top-left';
    document.body.append(element);
    define('hearken-feedback-late');
    expect(element.getAttribute('position')).toBe('top-left');
    expect(element.shadowRoot?.querySelector<HTMLElement>('.hk-launcher')?.dataset.position).toBe('top-left');
  });

  it('draws the launcher, then switches to the inline form when mode changes', async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    element.strings = { launcher: 'Tell us' };
    document.body.append(element);
    const ui = within(element.shadowRoot as unknown as HTMLElement);
    expect(ui.getByRole('button', { name: 'Tell us' })).toBeTruthy();
    element.mode = 'inline';
    await ui.findByLabelText('Your feedback');
    expect(element.shadowRoot?.querySelector('.hk-launcher')).toBeNull();
  });

  it('follows changes made before the form code is in, on the launcher at once and in the form it opens', async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    document.body.append(element);
    const launcher = () => element.shadowRoot?.querySelector<HTMLElement>('.hk-launcher');
    element.setAttribute('position', 'top-left');
    element.strings = { launcher: 'Tell us' };
    element.setAttribute('project-id', 'p1');
    element.setAttribute('context-title', 'Mobile app');
    expect(launcher()?.dataset.position).toBe('top-left');
    expect(launcher()?.textContent).toBe('Tell us');
    await element.open();
    const ui = within(element.shadowRoot as unknown as HTMLElement);
    await ui.findByRole('dialog');
    expect(ui.getByText('About project “\u2068Mobile app\u2069”')).toBeTruthy();
    expect(launcher()?.closest('.hk-root')).toBeTruthy();
    expect(launcher()?.dataset.position).toBe('top-left');
    expect(ui.getByRole('button', { name: 'Tell us' })).toBe(launcher());
  });

  it('follows position, label and mode changes once the form code is in', async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    document.body.append(element);
    const ui = within(element.shadowRoot as unknown as HTMLElement);
    const launcher = () => element.shadowRoot?.querySelector<HTMLElement>('.hk-launcher');
    await element.open();
    await ui.findByRole('dialog');
    element.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    element.setAttribute('position', 'top-right');
    expect(launcher()?.dataset.position).toBe('top-right');
    element.strings = { launcher: 'Tell us' };
    await ui.findByRole('button', { name: 'Tell us' });
    element.mode = 'inline';
    expect(launcher()).toBeNull();
    await ui.findByLabelText('Your feedback');
    element.removeAttribute('mode');
    expect(launcher()?.dataset.position).toBe('top-right');
    await waitFor(() => expect(launcher()?.closest('.hk-root')).toBeTruthy());
    expect(ui.getByRole('button', { name: 'Tell us' })).toBe(launcher());
    expect(ui.queryByLabelText('Your feedback')).toBeNull();
  });

  it('draws nothing again for a change that comes after destroy()', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const handle = mountFeedback(host, { proxy: 'https://proxy.test' });
    handle.destroy();
    expect(host.shadowRoot?.querySelector('.hk-launcher')).toBeNull();
    handle.update({ position: 'top-left', strings: { launcher: 'Tell us' } });
    handle.update({ mode: 'inline' });
    expect(host.shadowRoot?.querySelector('.hk-launcher, .hk-hold')).toBeNull();
  });

  it("in inline mode keeps the form's room until the form is in, then only the form", async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    element.setAttribute('mode', 'inline');
    document.body.append(element);
    expect(element.shadowRoot?.querySelector('.hk-hold')).not.toBeNull();
    await within(element.shadowRoot as unknown as HTMLElement).findByLabelText('Your feedback');
    expect(element.shadowRoot?.querySelector('.hk-hold')).toBeNull();
  });

  it('opens and closes through its methods, with events', async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    document.body.append(element);
    const seen: string[] = [];
    document.body.addEventListener('hearken:open', (event) =>
      seen.push(`${event.type}:${(event as CustomEvent).detail.projectId}`),
    );
    document.body.addEventListener('hearken:close', (event) => seen.push(event.type));
    await element.open({ projectId: 'p9', contextTitle: 'Mobile app' });
    const ui = within(element.shadowRoot as unknown as HTMLElement);
    await ui.findByRole('dialog');
    expect(ui.getByText('About project “\u2068Mobile app\u2069”')).toBeTruthy();
    element.close();
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(seen).toEqual(['hearken:open:p9', 'hearken:close']);
  });

  it('unmounts when removed and mounts again when re-added', async () => {
    define();
    const element = document.createElement('hearken-feedback');
    element.setAttribute('proxy', 'https://proxy.test');
    document.body.append(element);
    element.remove();
    await Promise.resolve();
    expect(element.shadowRoot?.querySelector('.hk-launcher')).toBeNull();
    document.body.append(element);
    expect(element.shadowRoot?.querySelector('.hk-launcher')).not.toBeNull();
  });
});
