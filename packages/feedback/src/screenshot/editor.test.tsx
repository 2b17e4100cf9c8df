import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { BoxState } from './boxes.ts';
import { Editor } from './editor.tsx';
import { screenshotEn } from './strings.ts';

const t = (key: keyof typeof screenshotEn, values: Record<string, string | number> = {}) =>
  screenshotEn[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

function Harness({ initial }: { initial: BoxState }) {
  const [state, setState] = useState(initial);
  return <Editor image={{ width: 1000, height: 500 } as ImageBitmap} state={state} onChange={setState} t={t} />;
}

afterEach(cleanup);

const names = () => screen.queryAllByRole('listitem').map((item) => item.firstChild?.textContent);

describe('the screenshot editor', () => {
  it('places, removes and undoes boxes with the keyboard only', () => {
    render(<Harness initial={{ boxes: [], past: [] }} />);
    const canvas = screen.getByRole('application', { name: 'Screenshot to mark up' });
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(names()).toEqual(['Highlight 1']);
    fireEvent.click(screen.getByRole('radio', { name: 'Black out' }));
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(names()).toEqual(['Highlight 1', 'Black-out 2']);
    fireEvent.keyDown(canvas, { key: 'Delete' });
    expect(names()).toEqual(['Highlight 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(names()).toEqual(['Highlight 1', 'Black-out 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Highlight 1' }));
    expect(names()).toEqual(['Black-out 1']);
  });

  it('removes a default black-out only when its button is pressed twice, and Delete leaves it', () => {
    render(
      <Harness
        initial={{
          boxes: [{ id: 1, kind: 'blackout', mask: 'password', x: 10, y: 10, width: 100, height: 20 }],
          past: [],
        }}
      />,
    );
    expect(names()).toEqual(['Black-out 1: a password field']);
    const canvas = screen.getByRole('application');
    canvas.focus();
    fireEvent.keyDown(canvas, { key: 'Delete' });
    expect(names()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Remove: show what it hides/ }));
    expect(names()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Really show it\?/ }));
    expect(names()).toEqual([]);
  });
});
