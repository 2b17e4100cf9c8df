import { changelogAnchor } from '@hearken/core/constants';
import { waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsShown, setupRoadmap } from '../test/render.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('header="off" and tabs="off"', () => {
  it('shows the view bare: no workspace heading, no tabs', async () => {
    const { screen, element } = setupRoadmap({ header: 'off', tabs: 'off', view: 'issues' });
    await rowsShown(element);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Views' })).toBeNull();
    expect(screen.getByRole('heading', { name: /Fix login/ })).toBeTruthy();
  });

  it('keeps each part on its own: the tabs without the header, and the header without the tabs', async () => {
    const tabsOnly = setupRoadmap({ header: 'off' });
    await rowsShown(tabsOnly.element);
    expect(tabsOnly.screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(tabsOnly.screen.getByRole('button', { name: 'Issues' })).toBeTruthy();
    document.body.replaceChildren();
    const headerOnly = setupRoadmap({ tabs: 'off' });
    await rowsShown(headerOnly.element);
    expect(headerOnly.screen.getByRole('heading', { level: 2, name: 'Acme' })).toBeTruthy();
    expect(headerOnly.screen.queryByRole('button', { name: 'Issues' })).toBeNull();
  });

  it('brings both back when the attributes go', async () => {
    const { screen, element } = setupRoadmap({ header: 'off', tabs: 'off' });
    await rowsShown(element);
    element.removeAttribute('header');
    element.tabs = 'on';
    await waitFor(() => screen.getByRole('heading', { level: 2, name: 'Acme' }));
    expect(screen.getByRole('button', { name: 'Issues' })).toBeTruthy();
  });

  it('stays on its view when the address points at a changelog entry', async () => {
    history.replaceState(null, '', `/#${changelogAnchor('c1')}`);
    const bare = setupRoadmap({ tabs: 'off' });
    await rowsShown(bare.element);
    expect(bare.element.getAttribute('view')).toBeNull();
    expect(bare.element.shadowRoot!.querySelector('.hk-columns')).not.toBeNull();
    // With its tabs, the same address opens the changelog.
    const tabbed = setupRoadmap();
    await waitFor(() => expect(tabbed.element.getAttribute('view')).toBe('changelog'));
  });
});
