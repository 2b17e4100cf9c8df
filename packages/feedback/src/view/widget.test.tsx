import { FEEDBACK_OUTBOX_KEY } from '@hearken/core';
import { memoryStorage } from '@hearken/ui/dom';
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseKinds } from '../options.ts';
import { nameTooLongReply } from '../test/fake-proxy.ts';
import { mountWidget, PROXY } from '../test/mount.ts';

// The first press loads the view and the form part. Their first import in a worker (transform
// included) took up to 4 s of the first case's 5 on a loaded machine: that is not what these cases
// time, so it happens before them.
beforeAll(async () => {
  await Promise.all([import('./mount-view.tsx'), import('./form-part.tsx')]);
}, 60_000);

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.overflow = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Widget = ReturnType<typeof mountWidget>;

async function typeMessage(widget: Widget, text: string) {
  const field = (await widget.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement;
  fireEvent.input(field, { target: { value: text } });
  return field;
}

const submit = (widget: Widget) => fireEvent.click(widget.ui.getByRole('button', { name: 'Send feedback' }));
const status = (widget: Widget) => widget.root.querySelector('.hk-status[role=status]')?.textContent ?? '';
/** The context line's words, without the bidi isolates around a title. */
const context = (widget: Widget) =>
  widget.root.querySelector('.hk-context span')?.textContent?.replace(/[\u2068\u2069]/g, '') ?? '';
const alert = (widget: Widget) => widget.root.querySelector('[role=alert]')?.textContent ?? '';

describe('launcher mode', () => {
  it('draws only a launcher button in the chosen corner until opened', () => {
    const widget = mountWidget({ position: 'top-left' });
    const launcher = widget.ui.getByRole('button', { name: 'Feedback' });
    expect(launcher.dataset.position).toBe('top-left');
    expect(launcher.getAttribute('aria-haspopup')).toBe('dialog');
    expect(widget.ui.queryByRole('dialog')).toBeNull();
  });

  it('opens a modal dialog with focus inside, scroll locked, and announces it', async () => {
    const widget = mountWidget();
    fireEvent.click(widget.ui.getByRole('button', { name: 'Feedback' }));
    const dialog = await widget.ui.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(widget.ui.getByRole('heading', { name: 'Send feedback' })).toBeTruthy();
    await waitFor(() => expect(widget.focused()).toBe(widget.ui.getByLabelText('Your feedback')));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(widget.root.querySelector('.hk-launcher')?.getAttribute('aria-expanded')).toBe('true');
    expect(widget.events.map((event) => event.type)).toEqual(['hearken:open']);
  });

  it('shows the dialog modally, which makes the page inert (Tab is trapped in Chromium: feedback.spec.ts)', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const widget = mountWidget();
    await widget.handle.open();
    const dialog = await widget.ui.findByRole('dialog');
    expect(dialog.localName).toBe('dialog');
    expect(showModal).toHaveBeenCalledOnce();
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('closes on a click on the backdrop but not on one inside the dialog', async () => {
    const widget = mountWidget();
    await widget.handle.open();
    const dialog = await widget.ui.findByRole('dialog');
    fireEvent.click(widget.ui.getByRole('heading', { name: 'Send feedback' }));
    expect(widget.ui.queryByRole('dialog')).toBe(dialog);
    // A press that starts in the message (selecting text) and ends on the backdrop keeps it open.
    fireEvent.pointerDown(widget.ui.getByLabelText('Your feedback'));
    fireEvent.click(dialog);
    expect(widget.ui.queryByRole('dialog')).toBe(dialog);
    // A click on the ::backdrop is dispatched to the dialog element itself.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    await waitFor(() => expect(widget.ui.queryByRole('dialog')).toBeNull());
    expect(widget.events.map((event) => event.type)).toEqual(['hearken:open', 'hearken:close']);
  });

  it('closes on Escape, returning focus to the launcher and restoring scroll', async () => {
    document.documentElement.style.overflow = 'scroll';
    const widget = mountWidget();
    const launcher = widget.ui.getByRole('button', { name: 'Feedback' });
    launcher.focus();
    fireEvent.click(launcher);
    const dialog = await widget.ui.findByRole('dialog');
    // What the browser dispatches on Escape (real keys: feedback.spec.ts).
    fireEvent(dialog, new Event('cancel'));
    await waitFor(() => expect(widget.ui.queryByRole('dialog')).toBeNull());
    expect(widget.focused()).toBe(launcher);
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(widget.events.map((event) => event.type)).toEqual(['hearken:open', 'hearken:close']);
  });

  it('returns focus to the page control that opened it programmatically', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const widget = mountWidget();
    await widget.handle.open({ issueId: 'ISS-7', text: 'About the export' });
    await widget.ui.findByRole('dialog');
    expect(context(widget)).toBe('About this issue');
    expect((widget.ui.getByLabelText('Your feedback') as HTMLTextAreaElement).value).toBe('About the export');
    expect(widget.events[0]).toEqual({ type: 'hearken:open', detail: { issueId: 'ISS-7' } });
    widget.handle.close();
    await waitFor(() => expect(widget.ui.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('keeps the draft across closing and reloading until it is sent', async () => {
    const store = memoryStorage();
    const first = mountWidget({}, {}, store);
    await first.handle.open();
    await typeMessage(first, 'Half-written idea');
    fireEvent.input(first.ui.getByLabelText('Summary (optional)'), { target: { value: 'Idea' } });
    first.handle.close();
    await first.handle.open();
    expect(((await first.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement).value).toBe('Half-written idea');
    first.handle.destroy();
    first.host.remove();

    const reloaded = mountWidget({}, {}, store);
    await reloaded.handle.open();
    expect(((await reloaded.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement).value).toBe(
      'Half-written idea',
    );
    expect((reloaded.ui.getByLabelText('Summary (optional)') as HTMLInputElement).value).toBe('Idea');
    submit(reloaded);
    await waitFor(() => expect(status(reloaded)).toContain('Thank you'));
    reloaded.handle.close();
    await reloaded.handle.open();
    fireEvent.click(await reloaded.ui.findByRole('button', { name: 'Send more feedback' }));
    expect(((await reloaded.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement).value).toBe('');
  });
});

describe('loading the form before it is opened', () => {
  /** Whether the view has mounted: it moves the launcher inside its themed root. */
  const viewLoaded = (widget: Widget) => Boolean(widget.root.querySelector('.hk-root .hk-launcher'));
  /** Whether the form part is in: it adds the form's styles to the shadow root. */
  const formLoaded = (widget: Widget) =>
    [...widget.root.querySelectorAll('style')].some((style) => style.textContent?.includes('.hk-form{')) ||
    widget.root.adoptedStyleSheets.some((sheet) =>
      [...sheet.cssRules].some((rule) => rule.cssText.startsWith('.hk-form')),
    );

  it('fetches the view when the browser is idle, and the form only when the launcher is about to be used', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const widget = mountWidget();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(viewLoaded(widget)).toBe(false);
    for (const callback of idle.splice(0)) callback();
    await waitFor(() => expect(viewLoaded(widget)).toBe(true));
    for (const callback of idle.splice(0)) callback();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(formLoaded(widget)).toBe(false);
    expect(widget.ui.queryByRole('dialog')).toBeNull();
  });

  it.each(['pointerenter', 'focus', 'touchstart'])(
    'fetches the view and the form on %s of the launcher, before the browser is idle',
    async (type) => {
      vi.stubGlobal('requestIdleCallback', () => 0);
      const widget = mountWidget();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(viewLoaded(widget)).toBe(false);
      widget.ui.getByRole('button', { name: 'Feedback' }).dispatchEvent(new Event(type));
      await waitFor(() => expect(formLoaded(widget)).toBe(true));
      expect(viewLoaded(widget)).toBe(true);
      expect(widget.ui.queryByRole('dialog')).toBeNull();
      expect(widget.events).toEqual([]);
    },
  );

  it('opens the dialog on a press with nothing loaded before, the launcher busy until then', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const widget = mountWidget();
    const launcher = widget.ui.getByRole('button', { name: 'Feedback' });
    fireEvent.click(launcher);
    expect(launcher.getAttribute('aria-busy')).toBe('true');
    expect(await widget.ui.findByRole('dialog')).toBeTruthy();
    expect(formLoaded(widget)).toBe(true);
    await waitFor(() => expect(widget.root.querySelector('.hk-launcher')?.hasAttribute('aria-busy')).toBe(false));
  });
});

describe('inline mode', () => {
  it('renders the form in place and sends feedback as a WIDGET thread', async () => {
    const widget = mountWidget({ mode: 'inline', projectId: 'proj-1' });
    expect(widget.ui.queryByRole('button', { name: 'Feedback' })).toBeNull();
    await typeMessage(widget, 'Exports are slow');
    fireEvent.input(widget.ui.getByLabelText('Summary (optional)'), { target: { value: 'Slow export' } });
    fireEvent.click(widget.ui.getByLabelText('It blocks me'));
    fireEvent.input(widget.ui.getByLabelText('Email (optional)'), { target: { value: 'ana@example.com' } });
    fireEvent.input(widget.ui.getByLabelText('Name (optional)'), { target: { value: 'Ana' } });
    expect(context(widget)).toBe('About this project');
    submit(widget);
    await waitFor(() => expect(status(widget)).toBe('Thank you! Your feedback was sent.'));
    expect(widget.proxy.threads).toHaveLength(1);
    expect(widget.proxy.threads[0]?.body).toEqual({
      text: 'Exports are slow',
      title: 'Slow export',
      origin: 'WIDGET',
      pain_level: 'HIGH',
      contact_email: 'ana@example.com',
      contact_name: 'Ana',
      project_id: 'proj-1',
      metadata: expect.objectContaining({
        page_url: `${location.origin}${location.pathname}`,
        language: navigator.language,
        viewport: `${innerWidth}x${innerHeight}`,
      }),
    });
    const key = widget.proxy.threads[0]?.key;
    expect(widget.events.map((event) => event.type)).toEqual(['hearken:submit', 'hearken:success']);
    expect(widget.events[1]?.detail).toEqual({ threadId: 't1', idempotencyKey: key });
    expect(widget.proxy.threads[0]?.headers.get('x-hearken-hp')).toBe('');
    expect(Number(widget.proxy.threads[0]?.headers.get('x-hearken-fill-ms'))).toBeGreaterThanOrEqual(0);
  });

  it('keeps the keyboard focus in the form when the submit button gives way to "Send more feedback" and back', async () => {
    const widget = mountWidget({ mode: 'inline' });
    await typeMessage(widget, 'Sent from the keyboard');
    const button = widget.ui.getByRole('button', { name: 'Send feedback' });
    button.focus();
    fireEvent.click(button);
    const again = await widget.ui.findByRole('button', { name: 'Send more feedback' });
    await waitFor(() => expect(widget.focused()).toBe(again));
    fireEvent.click(again);
    await waitFor(() => expect(widget.focused()).toBe(widget.ui.getByLabelText('Your feedback')));
  });

  it('does not take the focus when feedback is sent while the user is elsewhere on the page', async () => {
    const widget = mountWidget({ mode: 'inline' });
    const elsewhere = document.body.appendChild(document.createElement('input'));
    await typeMessage(widget, 'Sent while typing elsewhere');
    submit(widget);
    elsewhere.focus();
    await widget.ui.findByRole('button', { name: 'Send more feedback' });
    expect(document.activeElement).toBe(elsewhere);
  });

  it('shows that it is sending and blocks a second click meanwhile', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const widget = mountWidget({ mode: 'inline' }, { hold });
    await typeMessage(widget, 'Patience');
    submit(widget);
    const button = await widget.ui.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(status(widget)).toBe('Sending…');
    release();
    await waitFor(() => expect(status(widget)).toContain('Thank you'));
    expect(widget.proxy.threads).toHaveLength(1);
  });

  it('focuses the message and presets text when opened programmatically', async () => {
    const widget = mountWidget({ mode: 'inline' });
    const message = (await widget.ui.findByLabelText('Your feedback')) as HTMLTextAreaElement;
    await widget.handle.open({ projectId: 'proj-2', text: 'Regarding the new editor' });
    await waitFor(() => expect(widget.focused()).toBe(message));
    expect(message.value).toBe('Regarding the new editor');
    expect(context(widget)).toBe('About this project');
    expect(widget.events).toEqual([{ type: 'hearken:open', detail: { projectId: 'proj-2' } }]);
  });

  it('names the issue by the title the host gives, never by its id', async () => {
    const widget = mountWidget({ mode: 'inline', issueId: '0b6f1c1e-3f4a-4c7e-9a51-2f0c8d7e6a10' });
    await widget.ui.findByLabelText('Your feedback');
    expect(context(widget)).toBe('About this issue');
    expect(widget.root.textContent).not.toContain('0b6f1c1e');
    widget.handle.update({ contextTitle: 'ENG-12 Export to CSV' });
    await waitFor(() => expect(context(widget)).toBe('About issue “ENG-12 Export to CSV”'));
    // Isolated, so the title keeps its own direction inside right-to-left text.
    expect(widget.root.querySelector('.hk-context span')?.textContent).toContain('\u2068ENG-12 Export to CSV\u2069');
  });

  it('takes the title from open() and does not carry the attribute’s title to another issue', async () => {
    const widget = mountWidget({ mode: 'inline', issueId: 'iss-1', contextTitle: 'ENG-1 Dark mode' });
    await widget.ui.findByLabelText('Your feedback');
    expect(context(widget)).toBe('About issue “ENG-1 Dark mode”');
    await widget.handle.open({ issueId: 'iss-2' });
    await waitFor(() => expect(context(widget)).toBe('About this issue'));
    await widget.handle.open({ issueId: 'iss-3', contextTitle: 'ENG-3 Sync' });
    await waitFor(() => expect(context(widget)).toBe('About issue “ENG-3 Sync”'));
    // A call naming no project or issue is about the element's own again.
    await widget.handle.open({ text: 'More' });
    await waitFor(() => expect(context(widget)).toBe('About issue “ENG-1 Dark mode”'));
  });

  it('lets the user drop the project or issue context', async () => {
    const widget = mountWidget({ mode: 'inline', issueId: 'ISS-1' });
    await typeMessage(widget, 'Unrelated after all');
    fireEvent.click(widget.ui.getByRole('button', { name: 'Remove' }));
    submit(widget);
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body).not.toHaveProperty('issue_id');
  });

  it('shows field errors next to the fields and sends nothing', async () => {
    const widget = mountWidget({ mode: 'inline' });
    await widget.ui.findByLabelText('Your feedback');
    fireEvent.input(widget.ui.getByLabelText('Email (optional)'), { target: { value: 'not an email' } });
    submit(widget);
    const message = widget.ui.getByLabelText('Your feedback');
    expect(widget.focused()).toBe(message);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toContain('hk-text-error');
    expect(widget.root.getElementById('hk-text-error')?.textContent).toBe('Please write your feedback.');
    expect(widget.root.getElementById('hk-email-error')?.textContent).toBe('Please enter a valid email address.');
    expect(alert(widget)).toBe('Please check the highlighted fields.');
    expect(widget.proxy.requests).toHaveLength(0);
    await typeMessage(widget, 'Now with text');
    expect(widget.root.getElementById('hk-text-error')).toBeNull();
    submit(widget);
    expect(widget.focused()).toBe(widget.ui.getByLabelText('Email (optional)'));
    expect(widget.proxy.requests).toHaveLength(0);
  });

  it('asks for the email when only a name is given, next to the email field', async () => {
    const widget = mountWidget({ mode: 'inline' });
    await typeMessage(widget, 'Hello');
    fireEvent.input(widget.ui.getByLabelText('Name (optional)'), { target: { value: 'Ana' } });
    submit(widget);
    expect(widget.focused()).toBe(widget.ui.getByLabelText('Email (optional)'));
    expect(widget.root.getElementById('hk-email-error')?.textContent).toBe(
      'Please add your email so we can keep your name, or leave the name empty.',
    );
    expect(widget.proxy.requests).toHaveLength(0);
  });

  it('shows the service’s field errors next to the field and reports the error', async () => {
    const widget = mountWidget({ mode: 'inline' }, { reply: nameTooLongReply });
    await typeMessage(widget, 'Hello');
    fireEvent.input(widget.ui.getByLabelText('Email (optional)'), { target: { value: 'ana@example.com' } });
    fireEvent.input(widget.ui.getByLabelText('Name (optional)'), { target: { value: 'A very long name' } });
    submit(widget);
    await waitFor(() => expect(widget.root.getElementById('hk-name-error')?.textContent).toBe('Name is too long'));
    expect(alert(widget)).toContain('Reference: req-42');
    expect(widget.events.at(-1)).toMatchObject({
      type: 'hearken:error',
      detail: { code: 'invalid_request', status: 400, requestId: 'req-42' },
    });
    expect((widget.ui.getByLabelText('Your feedback') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says why a refusal without field errors failed, with its reference', async () => {
    const widget = mountWidget(
      { mode: 'inline' },
      {
        reply: () =>
          new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No', request_id: 'req-7' } }), {
            status: 403,
            headers: { 'content-type': 'application/json', 'x-request-id': 'req-7' },
          }),
      },
    );
    await typeMessage(widget, 'Hello');
    submit(widget);
    await waitFor(() => expect(alert(widget)).toBe('Your feedback could not be sent (forbidden). Reference: req-7'));
    expect(widget.root.querySelector('[aria-invalid=true]')).toBeNull();
  });

  it('keeps the feedback and says so when the sign-in has expired', async () => {
    const widget = mountWidget(
      { mode: 'inline' },
      {
        reply: () =>
          new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Expired' } }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      },
    );
    await typeMessage(widget, 'Hello');
    submit(widget);
    await waitFor(() =>
      expect(status(widget)).toBe('Your sign-in has expired. Reload the page to send your feedback.'),
    );
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toHaveLength(1);
  });

  it('queues while offline, says so, and sends once with the same key when back online', async () => {
    let online = false;
    const widget = mountWidget({ mode: 'inline' }, { faults: () => (online ? 'none' : 'offline') });
    await typeMessage(widget, 'Written on a train');
    submit(widget);
    await waitFor(() => expect(status(widget)).toContain('will be sent when you’re back online'));
    const key = widget.events.find((event) => event.type === 'hearken:submit')?.detail.idempotencyKey;
    expect(widget.events.find((event) => event.type === 'hearken:queued')?.detail).toEqual({
      idempotencyKey: key,
      reason: 'offline',
    });
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toHaveLength(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status(widget)).toContain('Thank you'));
    expect(widget.proxy.threads.map((thread) => thread.key)).toEqual([key]);
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toEqual([]);
  });

  it('stops sending once destroyed, and keeps what waits for the next page load', async () => {
    let online = false;
    const widget = mountWidget({ mode: 'inline' }, { faults: () => (online ? 'none' : 'offline') });
    await typeMessage(widget, 'Written just before leaving');
    submit(widget);
    await waitFor(() => expect(status(widget)).toContain('will be sent when you’re back online'));
    widget.handle.destroy();
    online = true;
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(widget.proxy.threads).toEqual([]);
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toHaveLength(1);
  });

  it('sends what an earlier visit queued, on load, with its key', async () => {
    const store = memoryStorage();
    const queued = {
      key: 'earlier-key',
      proxy: PROXY,
      input: { text: 'From yesterday', origin: 'WIDGET' },
      honeypot: '',
      fillMs: 9_000,
      attempts: 3,
      notBefore: 0,
    };
    store.setItem(FEEDBACK_OUTBOX_KEY, JSON.stringify([queued]));
    const widget = mountWidget({}, {}, store);
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]).toMatchObject({ key: 'earlier-key', body: { text: 'From yesterday' } });
    await waitFor(() =>
      expect(widget.events).toContainEqual({
        type: 'hearken:success',
        detail: { threadId: 't1', idempotencyKey: 'earlier-key' },
      }),
    );
  });

  it('says on the send button itself that the text is saved while offline, and the status line says why', async () => {
    const widget = mountWidget({ mode: 'inline' }, { faults: () => 'offline' });
    await typeMessage(widget, 'Written with the proxy down');
    submit(widget);
    const button = await widget.ui.findByRole('button', { name: 'Saved, will send when online' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(status(widget)).toContain('will be sent when you’re back online');
    // The status sits beside the button, before it, not below it out of sight.
    expect(button.closest('.hk-outcome')?.querySelector('[role=status]')).toBeTruthy();
  });

  it('offers the kinds of feedback as one radio group of chips, sent as metadata `kind`', async () => {
    const widget = mountWidget({ mode: 'inline', kind: ['bug', 'idea', 'question', 'billing'], context: 'off' });
    await typeMessage(widget, 'The invoice is wrong');
    const group = widget.ui.getByRole('group', { name: 'What kind of feedback is it?' });
    const chips = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(chips.map((chip) => chip.closest('label')?.textContent)).toEqual(['Bug', 'Idea', 'Question', 'billing']);
    expect(new Set(chips.map((chip) => chip.name)).size).toBe(1);
    expect(chips.some((chip) => chip.checked)).toBe(false);
    fireEvent.click(chips[3]!);
    submit(widget);
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.body.metadata).toEqual({ kind: 'billing' });
  });

  it('takes the kinds from the attribute: `on` for the built-in ones, in the reader’s language', async () => {
    const widget = mountWidget({ mode: 'inline', kind: parseKinds('on'), language: 'de' });
    await waitFor(() =>
      expect([...widget.root.querySelectorAll('.hk-kind label')].map((label) => label.textContent)).toEqual([
        'Fehler',
        'Idee',
        'Frage',
      ]),
    );
  });

  it('says when to try again after a rate limit', async () => {
    const widget = mountWidget({ mode: 'inline' }, { faults: () => 'rate-limited' });
    await typeMessage(widget, 'Again');
    submit(widget);
    await waitFor(() => expect(status(widget)).toBe('Too many messages right now. We’ll send yours in 7 seconds.'));
  });

  it('keeps trying when the service is unavailable', async () => {
    const widget = mountWidget({ mode: 'inline' }, { faults: () => 'server-error' });
    await typeMessage(widget, 'Hello');
    submit(widget);
    await waitFor(() => expect(status(widget)).toContain('keep trying'));
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toHaveLength(1);
  });

  it('reuses the key when the same content is sent again while it waits', async () => {
    const widget = mountWidget({ mode: 'inline' }, { faults: () => 'offline' });
    await typeMessage(widget, 'Twice');
    submit(widget);
    await waitFor(() => expect(status(widget)).toContain('offline'));
    // The button itself says the text is kept; pressing it again tries again with the same key.
    fireEvent.click(widget.ui.getByRole('button', { name: 'Saved, will send when online' }));
    await waitFor(() => expect(widget.events.filter((event) => event.type === 'hearken:submit')).toHaveLength(2));
    const keys = widget.events
      .filter((event) => event.type === 'hearken:submit')
      .map((event) => event.detail.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(JSON.parse(widget.store.getItem(FEEDBACK_OUTBOX_KEY)!)).toHaveLength(1);
  });

  it('says so when the queue is full and keeps the text', async () => {
    const store = memoryStorage();
    const waiting = Array.from({ length: 20 }, (_, i) => ({
      key: `k${i}`,
      proxy: PROXY,
      input: { text: `t${i}` },
      honeypot: '',
      fillMs: 5_000,
      attempts: 1,
      notBefore: Date.now() + 3_600_000,
    }));
    store.setItem(FEEDBACK_OUTBOX_KEY, JSON.stringify(waiting));
    const widget = mountWidget({ mode: 'inline' }, {}, store);
    await typeMessage(widget, 'One more');
    submit(widget);
    await waitFor(() => expect(alert(widget)).toContain('Too many messages are waiting'));
    expect((widget.ui.getByLabelText('Your feedback') as HTMLTextAreaElement).value).toBe('One more');
  });

  it('with an identity token hides email and name and sends the token', async () => {
    const payload = btoa(JSON.stringify({ email: 'ana@example.com', exp: 9_999_999_999 })).replace(/=+$/, '');
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    const widget = mountWidget({ mode: 'inline', identityToken: token });
    await typeMessage(widget, 'Signed in');
    expect(widget.ui.queryByLabelText('Email (optional)')).toBeNull();
    expect(widget.ui.queryByLabelText('Name (optional)')).toBeNull();
    expect(widget.ui.getByText('Sending as ana@example.com')).toBeTruthy();
    submit(widget);
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(widget.proxy.threads[0]?.body).not.toHaveProperty('contact_email');
  });

  it('sends the honeypot value when a bot fills it', async () => {
    const widget = mountWidget({ mode: 'inline' });
    await typeMessage(widget, 'spam');
    const honeypot = widget.root.querySelector<HTMLInputElement>('input[name=website]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden=true]')).toBeTruthy();
    fireEvent.input(honeypot, { target: { value: 'http://spam.example' } });
    submit(widget);
    await waitFor(() => expect(widget.proxy.threads).toHaveLength(1));
    expect(widget.proxy.threads[0]?.headers.get('x-hearken-hp')).toBe('http://spam.example');
  });
});

describe('theme and language', () => {
  it('themes from the workspace branding and follows the theme option', async () => {
    const workspace = {
      id: 'ws1',
      name: 'Acme',
      domain: null,
      darkMode: false,
      backgroundColor: '#fffaf0',
      darkModeBackgroundColor: '#101010',
      textColor: '#222222',
      darkModeTextColor: '#eeeeee',
      accentColor: '#0a7d4f',
      darkModeAccentColor: '#3ddc97',
      accentTextColor: '#0a7d4f',
      darkModeAccentTextColor: '#3ddc97',
      buttonTextColor: '#ffffff',
      darkModeButtonTextColor: '#000000',
      customDomain: null,
      logoLink: null,
      logoUrl: null,
      changelogPublic: true,
    };
    const widget = mountWidget({ mode: 'inline', workspace: 'ws1', theme: 'dark' }, { workspace });
    const root = await waitFor(() => {
      const element = widget.root.querySelector<HTMLElement>('.hk-root');
      expect(element?.style.getPropertyValue('--hk-ws-accent')).toBe('#3ddc97');
      return element!;
    });
    expect(root.dataset.scheme).toBe('dark');
    widget.handle.update({ theme: 'light' });
    await waitFor(() => expect(root.style.getPropertyValue('--hk-ws-accent')).toBe('#0a7d4f'));
  });

  it('puts the launcher inside the themed root once the form code is loaded', async () => {
    const widget = mountWidget();
    await widget.handle.open();
    await widget.ui.findByRole('dialog');
    expect(widget.root.querySelector('.hk-launcher')?.closest('.hk-root')).toBeTruthy();
  });

  it('speaks the chosen language, right to left for Arabic, with overrides', async () => {
    const widget = mountWidget({ mode: 'inline', language: 'de', strings: { submit: 'Ab damit' } });
    await widget.ui.findByLabelText('Ihr Feedback');
    expect(widget.ui.getByRole('button', { name: 'Ab damit' })).toBeTruthy();
    widget.handle.update({ language: 'ar' });
    await widget.ui.findByLabelText('ملاحظاتك');
    expect(widget.root.querySelector('.hk-root')?.getAttribute('dir')).toBe('rtl');
  });
});
