// @vitest-environment node
import { memoryStorage } from '@hearken/ui/dom';
import { persisted } from '@hearken/ui/model';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { fakeProxy } from '../test/fake-proxy.ts';
import { type Draft, EMPTY_DRAFT, parseDraft, serializeDraft } from './draft.ts';
import { createSending } from './sending.ts';

/** Sending alone: a stored draft, one contributor adding metadata, no discovery part. */
function setup(draft: Partial<Draft>) {
  const proxy = fakeProxy();
  const stored = persisted({
    storage: signal(memoryStorage()),
    key: signal('draft'),
    parse: parseDraft,
    serialize: serializeDraft,
  });
  stored.set({ ...EMPTY_DRAFT, ...draft });
  const events: string[] = [];
  const sending = createSending({
    target: signal({ proxy: 'https://proxy.test', fetch: proxy.fetch, storage: memoryStorage() }),
    stored,
    context: signal({ projectId: 'p1' }),
    contributors: [{ metadata: () => ({ page: '/settings' }), attachments: () => [] }],
    suggestions: { count: () => {}, upvotes: () => 0 },
    issue: () => undefined,
    emit: (type) => events.push(type),
  });
  return { proxy, stored, sending, events };
}

describe('sending', () => {
  it('shows the field errors of an invalid draft and sends nothing', async () => {
    const { sending, proxy } = setup({ text: '  ' });
    expect(await sending.submit()).toEqual({ kind: 'invalid', errors: { text: { code: 'required' } } });
    expect(sending.errors.value).toEqual({ text: { code: 'required' } });
    sending.clearError('text');
    expect(sending.errors.value).toEqual({});
    expect(proxy.threads).toEqual([]);
    sending.dispose();
  });

  it('sends the draft with what the contributors add, then forgets its text', async () => {
    const { sending, proxy, stored, events } = setup({ text: 'Exports are slow', email: 'a@example.com' });
    expect(await sending.submit()).toMatchObject({ kind: 'sent' });
    expect(proxy.threads[0]?.body).toMatchObject({ metadata: { page: '/settings' } });
    expect(stored.value.value).toMatchObject({ text: '', email: 'a@example.com' });
    expect(sending.status.value).toMatchObject({ kind: 'sent' });
    expect(events).toEqual(['hearken:submit', 'hearken:success']);
    sending.dispose();
  });

  it('votes only for an issue it knows', async () => {
    const { sending } = setup({ text: 'Me too' });
    expect(await sending.vote('unknown')).toEqual({ kind: 'unknown_issue' });
    sending.dispose();
  });
});
