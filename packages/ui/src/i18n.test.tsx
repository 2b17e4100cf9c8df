import { act, render, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type Catalog, format, loadLocale, matchLanguage, supportedTag, textDirection } from './i18n.ts';
import { useLocale } from './use-locale.ts';

const en = { hello: 'Hello {name}', votes: '{count} votes', votes_one: '{count} vote', bye: 'Bye' };
type Strings = typeof en;

function catalog(): Catalog<Strings> & { calls: string[] } {
  const calls: string[] = [];
  return {
    en,
    calls,
    loaders: {
      de: async () => {
        calls.push('de');
        return { default: { hello: 'Hallo {name}', votes: '{count} Stimmen', votes_one: '{count} Stimme' } };
      },
      ar: async () => ({ default: { hello: 'مرحبا {name}', votes: '{count} صوت' } }),
      fr: () => Promise.reject(new Error('chunk failed')),
    },
  };
}

describe('i18n', () => {
  it('matches a language by its primary subtag and falls back to English', () => {
    const strings = catalog();
    expect(matchLanguage(strings, 'de-AT')).toBe('de');
    expect(matchLanguage(strings, 'DE_ch')).toBe('de');
    expect(matchLanguage(strings, 'pt-BR')).toBe('en');
    expect(matchLanguage(strings, undefined)).toBe('en');
  });

  it('maps any tag to a catalog language with its region, so distinct tags fall on a few', () => {
    const strings = catalog();
    expect(supportedTag(strings, 'de-AT')).toBe('de-AT');
    expect(supportedTag(strings, ' de_at ')).toBe('de-AT');
    expect(supportedTag(strings, 'de-Latn-CH-1996')).toBe('de-CH');
    expect(supportedTag(strings, 'de-419')).toBe('de-419');
    expect(supportedTag(strings, 'de-x-private')).toBe('de');
    expect(supportedTag(strings, 'en-aar7')).toBe('en');
    expect(supportedTag(strings, 'pt-BR')).toBe('en');
    expect(supportedTag(strings, '')).toBe('en');
    expect(supportedTag(strings, null)).toBe('en');
    const visitors = Array.from({ length: 500 }, (_, i) => `en-${i.toString(36).padStart(4, 'a')}`);
    expect(new Set(visitors.map((tag) => supportedTag(strings, tag)))).toEqual(new Set(['en']));
  });

  it('layers English, the language and overrides, loading each language once', async () => {
    const strings = catalog();
    const de = await loadLocale(strings, 'de', { bye: 'Tschüss!' });
    expect(de.messages).toEqual({
      hello: 'Hallo {name}',
      votes: '{count} Stimmen',
      votes_one: '{count} Stimme',
      bye: 'Tschüss!',
    });
    await loadLocale(strings, 'de');
    expect(strings.calls).toEqual(['de']);
  });

  it('falls back to English when a language fails to load', async () => {
    const fr = await loadLocale(catalog(), 'fr');
    expect(fr.language).toBe('en');
    expect(fr.messages.hello).toBe('Hello {name}');
  });

  it('formats placeholders, plural forms and numbers per language', async () => {
    const strings = catalog();
    const english = await loadLocale(strings, 'en');
    expect(format(english, 'hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(format(english, 'votes', { count: 1 })).toBe('1 vote');
    expect(format(english, 'votes', { count: 1200 })).toBe('1,200 votes');
    const german = await loadLocale(strings, 'de');
    expect(format(german, 'votes', { count: 1200 })).toBe('1.200 Stimmen');
    expect(format(english, 'hello')).toBe('Hello {name}');
  });

  it('marks right-to-left languages', async () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect((await loadLocale(catalog(), 'ar')).dir).toBe('rtl');
  });

  it('useLocale renders English at once and switches when the language arrives', async () => {
    const strings = catalog();
    function Greeting({ language }: { language: string }) {
      const locale = useLocale(strings, language);
      return (
        <p dir={locale.dir} lang={locale.language}>
          {format(locale, 'hello', { name: 'Ada' })}
        </p>
      );
    }
    const { container, rerender } = render(<Greeting language="de" />);
    expect(container.textContent).toBe('Hello Ada');
    await waitFor(() => expect(container.textContent).toBe('Hallo Ada'));
    rerender(<Greeting language="ar" />);
    await waitFor(() => expect(container.querySelector('p')?.getAttribute('dir')).toBe('rtl'));
    expect(container.textContent).toBe('مرحبا Ada');
    rerender(<Greeting language="en" />);
    await act(() => vi.waitFor(() => expect(container.textContent).toBe('Hello Ada')));
  });
});
