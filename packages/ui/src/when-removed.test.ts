import { expect, it } from 'vitest';
import { whenRemoved } from './when-removed.ts';

it('destroys an element taken out of the document, but not one moved within it', async () => {
  const moved = document.createElement('div');
  const removed = document.createElement('div');
  document.body.append(moved, removed);
  const destroyed: string[] = [];
  moved.remove();
  whenRemoved(moved, () => destroyed.push('moved'));
  document.body.prepend(moved);
  removed.remove();
  whenRemoved(removed, () => destroyed.push('removed'));
  await Promise.resolve();
  expect(destroyed).toEqual(['removed']);
});
