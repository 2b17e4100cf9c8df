import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import type { HostContext } from '../options.ts';
import { createPageContextContributor } from './context-contributor.ts';
import type { PageContextError } from './page-context.ts';

function contributor(host?: HostContext) {
  const refused: PageContextError[] = [];
  const source = { host: signal<HostContext | undefined>(host), fullUrl: signal(false), opened: signal(false) };
  const part = createPageContextContributor({ ...source, onRefused: (error) => refused.push(error) });
  return { part, refused, ...source };
}

describe('the page context contributor', () => {
  it("adds the page's entries and the host's to a submission's metadata", () => {
    const { part } = contributor({ app_version: '4.2.0' });
    expect(part.metadata()).toMatchObject({ app_version: '4.2.0', page_url: expect.any(String) });
    part.dispose();
  });

  it('adds nothing once the user removes it, or with the host saying off', () => {
    const { part, host } = contributor({ app_version: '4.2.0' });
    part.include(false);
    expect(part.metadata()).toEqual({});
    expect(part.entries.value).toMatchObject({ app_version: '4.2.0' });
    part.include(true);
    host.value = 'off';
    expect(part.metadata()).toEqual({});
    part.dispose();
  });

  it('reports a host key the limits refuse, leaving it out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { part, refused } = contributor({ 'bad key': 'x', plan: 'pro' });
    expect(refused.map((error) => error.code)).toEqual(['invalid_key']);
    expect(part.metadata()).not.toHaveProperty('bad key');
    expect(part.metadata()).toMatchObject({ plan: 'pro' });
    warn.mockRestore();
    part.dispose();
  });
});
