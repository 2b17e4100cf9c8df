import '../test/happy-dom.ts';
import { describe, expect, it } from 'vitest';
import { richTextExcerpt } from './excerpt.ts';

describe('richTextExcerpt', () => {
  it('keeps the words of HTML notes, blocks apart, and no markup', async () => {
    const html =
      '<h1>Easy on the eyes</h1><p>Every screen follows your <b>theme</b>.</p><ul><li>Emails</li><li>Exports</li></ul><p>Read the <a href="https://example.com/notes">design notes</a>.</p>';
    expect(await richTextExcerpt(html)).toBe(
      'Easy on the eyes Every screen follows your theme. Emails Exports Read the design notes.',
    );
  });

  it('reads a ProseMirror document the same way', async () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Faster sync' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Notes arrive', marks: [{ type: 'bold' }] }] },
      ],
    };
    expect(await richTextExcerpt(doc)).toBe('Faster sync Notes arrive');
  });

  it('drops what the sanitiser drops, and empty notes are empty', async () => {
    expect(await richTextExcerpt('<p>Hi<script>document.title="x"</script><img src="x" onerror="alert(1)"></p>')).toBe(
      'Hi',
    );
    expect(await richTextExcerpt(null)).toBe('');
  });
});
