import { changelogSeenKey } from '@hearken/core';
import { v2Changelog, workspace } from '@hearken/test-support';
import { answerChangelogShown } from '@hearken/ui/changelog-shown';
import { memoryStorage } from '@hearken/ui/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeProxy } from '../test/fake-proxy.ts';
import { createFeedbackModel } from './feedback-model.ts';

const WS = 'ws1';
const entries = Array.from({ length: 12 }, (_, index) => v2Changelog(`cl_${12 - index}`));
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function launcher() {
  const store = memoryStorage();
  const proxy = fakeProxy({ workspace: workspace({ id: WS }), changelogs: () => entries });
  const model = createFeedbackModel({ proxy: 'https://proxy.test', workspace: WS, fetch: proxy.fetch, storage: store });
  stops.push(() => model.dispose());
  return { model, store };
}

const settled = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('a first visit', () => {
  it('counts every entry as new where a widget of the page shows the changelog', async () => {
    stops.push(
      answerChangelogShown(
        () => changelogSeenKey(WS),
        () => true,
      ),
    );
    const { model, store } = launcher();
    await settled(() => model.whatsNew.unread.value > 0);
    expect(model.whatsNew.unread.value).toBe(10);
    expect(store.getItem(changelogSeenKey(WS))).toBeNull();
  });

  it('sets the baseline where the widget on the page shows no changelog (tabs off on another view)', async () => {
    stops.push(
      answerChangelogShown(
        () => changelogSeenKey(WS),
        () => false,
      ),
    );
    const { model, store } = launcher();
    await settled(() => store.getItem(changelogSeenKey(WS)) !== null);
    expect(store.getItem(changelogSeenKey(WS))).toBe('cl_12');
    expect(model.whatsNew.unread.value).toBe(0);
  });
});
