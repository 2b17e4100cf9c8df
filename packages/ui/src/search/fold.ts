// Combining marks (accents, Arabic short vowels) and the Arabic elongation stroke, dropped after NFD.
const MARKS = /[\p{Mn}\u0640]/gu;
// Arabic letters written several ways that readers take as one.
const ARABIC_VARIANTS: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ة: 'ه', ى: 'ي', ؤ: 'و', ئ: 'ي' };
const ARABIC_VARIANT = /[أإآٱةىؤئ]/g;

/**
 * One word as the index compares it: lower case, without diacritics (`Éte` → `ete`, `Größe` →
 * `grosse`), Arabic letter variants unified, so a user who types without accents still matches.
 */
export function foldTerm(term: string): string {
  return term
    .toLowerCase()
    .replace(ARABIC_VARIANT, (letter) => ARABIC_VARIANTS[letter] ?? letter)
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/ß/g, 'ss');
}
