import { expect, type Locator, test } from '@playwright/test';
import { url } from './support.ts';

/**
 * For each element matching `selector`, whether its closing full stop stands right of the letter
 * before it, as in left-to-right text (right-to-left layout moves it to the start of the line).
 */
const stopsAfterLastWord = (roadmap: Locator, selector: string) =>
  roadmap.evaluate(
    (element, css) =>
      [...element.shadowRoot!.querySelectorAll(css)].map((node) => {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        const texts: Text[] = [];
        while (walker.nextNode())
          if ((walker.currentNode as Text).data.trim() !== '') texts.push(walker.currentNode as Text);
        const box = (text: Text, from: number) => {
          const range = document.createRange();
          range.setStart(text, from);
          range.setEnd(text, from + 1);
          return range.getBoundingClientRect();
        };
        const last = texts.at(-1)!;
        const end = last.data.trimEnd().length;
        // The letter before the stop may end the text node before (a link's text).
        const before = end > 1 ? last : texts.at(-2)!;
        const letter = box(before, end > 1 ? end - 2 : before.data.trimEnd().length - 1);
        const stop = box(last, end - 1);
        const endsWithStop = last.data[end - 1] === '.';
        return { text: node.textContent, endsWithStop, ok: stop.left >= letter.right - 1 };
      }),
    selector,
  );

test('in an Arabic widget the service’s English text keeps its own direction: the full stop ends the sentence', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url('/fixtures/roadmap-only.html'));
  const roadmap = page.locator('hearken-roadmap');
  await roadmap.evaluate((element) => element.setAttribute('language', 'ar'));
  await expect(roadmap.locator('.hk-root')).toHaveAttribute('dir', 'rtl');
  await expect(roadmap.locator('.hk-card .hk-text').first()).toBeVisible();
  const descriptions = await stopsAfterLastWord(roadmap, '.hk-card .hk-text');
  expect(descriptions.filter((each) => each.endsWithStop).length).toBeGreaterThan(0);
  for (const { text, endsWithStop, ok } of descriptions) if (endsWithStop) expect(ok, text).toBe(true);

  await roadmap.evaluate((element) => element.setAttribute('view', 'changelog'));
  await expect(roadmap.locator('.hk-notes p').first()).toBeVisible();
  const notes = await stopsAfterLastWord(roadmap, '.hk-notes p');
  expect(notes.filter((each) => each.endsWithStop).length).toBeGreaterThan(0);
  for (const { text, endsWithStop, ok } of notes) if (endsWithStop) expect(ok, text).toBe(true);
});
