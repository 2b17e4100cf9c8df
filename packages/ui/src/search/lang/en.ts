import { stemmer } from '@orama/stemmers/english';
import { stopwords } from '@orama/stopwords/english';
import type { LanguageData } from '../language-data.ts';

/** English: Orama's stemmer and stop words, and the words of this module. */
export const language: LanguageData = {
  stem: stemmer,
  stopWords: stopwords,
  requestWords:
    'please pls plz add would like love nice great want wish need able allow support feature request option idea thanks thank thx hi hello hey really also way possible any chance could can don doesn didn isn aren wasn won wouldn couldn shouldn haven hasn dont doesnt didnt isnt cant wont wouldnt couldnt im ive id lot lots super amazing awesome helpful useful perfect love',
  synonyms: [
    'export, download, save as, save to',
    'dark mode, dark theme, night theme, night mode, dark colours, dark colors, dark appearance',
    'shortcut, hotkey, hot key, keyboard shortcut, key binding, keybinding, keybord shortcut',
    '2fa, two-factor, two factor, two-step, two step, 2-step, mfa, multi-factor',
    'sso, single sign-on, single sign on, saml',
    'email, e-mail, mail',
    'digest, summary, recap',
    'reminder, remind, alarm',
    'bulk, in bulk, at once, all at once, en masse, mass edit',
    'pdf, pdf file',
  ],
};
