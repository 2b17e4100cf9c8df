import { describe, expect, it } from 'vitest';
import { closesVoting } from './grouping.ts';

describe('closesVoting', () => {
  it.each(['Done', 'Completed', 'shipped', 'Canceled', 'Cancelled', "Won't do", 'duplicate'])('closes %s', (state) => {
    expect(closesVoting(state)).toBe(true);
  });

  it.each(['Backlog', 'Todo', 'In Progress', 'Paused', 'In Review', 'Moonshot', null])('keeps %s open', (state) => {
    expect(closesVoting(state)).toBe(false);
  });
});
