import { stemmer } from '@orama/stemmers/german';
import { stopwords } from '@orama/stopwords/german';
import type { LanguageData } from '../language-data.ts';

/** German: Orama's stemmer and stop words, and the words of this module; compounds are split. */
export const language: LanguageData = {
  stem: stemmer,
  stopWords: stopwords,
  requestWords:
    'bitte gerne gern hätte hätten wäre wären schön toll super klasse genial möchte möchten wünsche brauche brauchen bräuchten funktion option möglich möglichkeit danke hallo wirklich warum gibt könnt könnten kann irgendwie einfach hilfreich per',
  synonyms: [
    'exportieren, export, herunterladen, download, speichern als, speichern',
    'dunkelmodus, dunkler modus, dunkles design, dunkles theme, nachtmodus, nachtdesign, dark mode, dunkle farben',
    'tastenkürzel, tastaturkürzel, tastenkombination, hotkey, hotkeys, shortcut, shortcuts, kurzbefehl',
    '2fa, zwei-faktor, zwei faktor, zweifaktor, zwei-faktor-authentifizierung, zweistufige anmeldung, mfa',
    'sso, single sign-on, single sign on, einmalanmeldung, saml',
    'e-mail, email, mail',
    'zusammenfassung, übersicht, digest',
    'erinnerung, wecker, alarm',
    'gesammelt, auf einmal, alle auf einmal, massenbearbeitung, sammelbearbeitung',
  ],
  compounds: true,
};
