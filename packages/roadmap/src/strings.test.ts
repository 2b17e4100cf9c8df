import { loadLocale } from '@hearken/ui';
import { describe, expect, it } from 'vitest';
import { catalog, en } from './strings.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('roadmap strings', () => {
  it.each(['de', 'fr', 'es', 'ar'])(
    '%s translates every English string and keeps its placeholders',
    async (language) => {
      const locale = await loadLocale(catalog, language);
      expect(locale.language).toBe(language);
      for (const [key, english] of Object.entries(en)) {
        const translated = locale.messages[key as keyof typeof en];
        expect(translated, key).toBeTruthy();
        // Plural forms may spell the number out ("one vote"), so they may drop {count}.
        const plural = /_(zero|one|two|few|many)$/.test(key);
        const names = (text: string) => placeholders(text).filter((name) => !(plural && name === 'count'));
        expect(names(translated), `${language}.${key}`).toEqual(names(english));
      }
      expect(locale.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    },
  );
});
