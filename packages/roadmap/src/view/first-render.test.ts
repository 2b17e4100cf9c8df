import { describe, expect, it, vi } from 'vitest';
import { firstRender } from './first-render.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('firstRender', () => {
  it('renders afresh a task later, unless cancelled first', async () => {
    const draw = vi.fn();
    firstRender({ draw, failed: vi.fn() });
    expect(draw).not.toHaveBeenCalled();
    await tick();
    expect(draw).toHaveBeenCalledWith(undefined, false);

    const cancelled = vi.fn();
    firstRender({ draw: cancelled, failed: vi.fn() })();
    await tick();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('hydrates with the language loaded, so the tree matches the server’s at once', async () => {
    const draw = vi.fn();
    firstRender({ hydrate: { language: 'de', strings: { roadmap: 'Pläne' }, view: 'roadmap' }, draw, failed: vi.fn() });
    await vi.waitFor(() => expect(draw).toHaveBeenCalled());
    const [locale, hydrating] = draw.mock.calls[0]!;
    expect(hydrating).toBe(true);
    expect(locale.language).toBe('de');
    expect(locale.messages.roadmap).toBe('Pläne');
  });
});
