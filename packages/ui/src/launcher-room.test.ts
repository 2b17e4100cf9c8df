import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerLauncherRoom, launcherRoom, onLauncherMoved } from './launcher-room.ts';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('launcherRoom', () => {
  it('is 0 on a page without a launcher', () => {
    expect(launcherRoom()).toBe(0);
  });

  it('is the most any launcher of the page covers, read when asked', () => {
    let covered = 62;
    const first = answerLauncherRoom(() => covered);
    const second = answerLauncherRoom(() => 0);
    stops.push(first.stop, second.stop);
    expect(launcherRoom()).toBe(62);
    covered = 70;
    expect(launcherRoom()).toBe(70);
    first.stop();
    expect(launcherRoom()).toBe(0);
  });

  it('tells the page when a launcher appears, moves and goes', () => {
    const heard = vi.fn();
    stops.push(onLauncherMoved(heard));
    const answer = answerLauncherRoom(() => 62);
    expect(heard).toHaveBeenCalledTimes(1);
    answer.moved();
    expect(heard).toHaveBeenCalledTimes(2);
    answer.stop();
    expect(heard).toHaveBeenCalledTimes(3);
    expect(launcherRoom()).toBe(0);
  });
});
