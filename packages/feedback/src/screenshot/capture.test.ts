import { afterEach, describe, expect, it } from 'vitest';
import { maskRects, sameShape } from './capture.ts';

function placed(element: Element, x: number, y: number, width: number, height: number): void {
  element.getBoundingClientRect = () => ({ x, y, width, height }) as DOMRect;
}

afterEach(() => document.body.replaceChildren());

describe('maskRects', () => {
  it('finds password fields and marked elements, inside open shadow roots too, and skips hidden ones', () => {
    document.body.innerHTML = `<input type="password" id="p"><div data-hearken-mask id="m"></div><input id="plain"><input type="password" id="hidden"><div id="host"></div>`;
    placed(document.getElementById('p')!, 10, 20, 200, 30);
    placed(document.getElementById('m')!, 0, 100, 300, 50);
    placed(document.getElementById('plain')!, 0, 0, 100, 20);
    placed(document.getElementById('hidden')!, 0, 0, 0, 0);
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input type="password">';
    placed(shadow.firstElementChild!, 5, 5, 50, 10);
    expect(maskRects()).toEqual([
      { x: 10, y: 20, width: 200, height: 30, mask: 'password' },
      { x: 0, y: 100, width: 300, height: 50, mask: 'marked' },
      { x: 5, y: 5, width: 50, height: 10, mask: 'password' },
    ]);
  });
});

describe('sameShape', () => {
  it('takes a capture of the viewport at any pixel ratio, not a frame of another shape', () => {
    expect(sameShape({ width: 2560, height: 1440 }, { width: 1280, height: 720 })).toBe(true);
    expect(sameShape({ width: 1279, height: 721 }, { width: 1280, height: 720 })).toBe(true);
    expect(sameShape({ width: 1920, height: 1080 }, { width: 1280, height: 900 })).toBe(false);
  });
});
