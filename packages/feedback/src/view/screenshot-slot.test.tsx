import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../test/mount.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('"Add a screenshot" in the form', () => {
  it('is not offered while screenshots are off (the default)', async () => {
    const widget = mountWidget({ mode: 'inline' });
    await widget.ui.findByLabelText('Your feedback');
    expect(widget.ui.queryByRole('button', { name: 'Add a screenshot' })).toBeNull();
  });

  it('with screenshots on, loads the screenshot panel when pressed and moves focus into it; Cancel brings the button back', async () => {
    const widget = mountWidget({ mode: 'inline', screenshots: 'on' });
    fireEvent.click(await widget.ui.findByRole('button', { name: 'Add a screenshot' }));
    const choose = await widget.ui.findByRole('button', { name: 'Choose an image' });
    await waitFor(() => expect(widget.focused()).toBe(choose));
    expect(widget.root.querySelector('input[type=file]')?.getAttribute('accept')).toBe(
      'image/png,image/jpeg,image/webp',
    );
    fireEvent.click(widget.ui.getByRole('button', { name: 'Cancel' }));
    const add = await widget.ui.findByRole('button', { name: 'Add a screenshot' });
    await waitFor(() => expect(widget.focused()).toBe(add));
  });
});
