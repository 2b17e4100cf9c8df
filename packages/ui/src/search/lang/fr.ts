import { stemmer } from '@orama/stemmers/french';
import { stopwords } from '@orama/stopwords/french';
import type { LanguageData } from '../language-data.ts';

/**
 * French: Orama's stemmer and stop words, and the words of this module. Elided articles and
 * pronouns (`l’`, `d’`, `qu’`) split off at the apostrophe and are stop words.
 */
export const language: LanguageData = {
  stem: stemmer,
  stopWords: stopwords,
  requestWords:
    'svp stp merci ajouter aimerais aimerait voudrais voudrait souhaite souhaiterais serait seraient bien super génial top chouette besoin pouvoir pourriez pourrait possible possibilité option fonction fonctionnalité bonjour salut vraiment comment pourquoi quand est peut il faudrait faut qu lorsqu puisqu quelqu jusqu aujourd',
  synonyms: [
    'exporter, export, télécharger, enregistrer, sauvegarder',
    'mode sombre, thème sombre, thème de nuit, mode nuit, dark mode, couleurs sombres',
    'raccourci, raccourci clavier, touche rapide, touches rapides, hotkey',
    '2fa, deux facteurs, double authentification, authentification à deux facteurs, double facteur, mfa',
    'sso, authentification unique, single sign-on, connexion unique, saml',
    'e-mail, email, mail, courriel',
    'feuille de route, roadmap',
    'résumé, récapitulatif, synthèse, digest',
    'rappel, alarme',
    'en masse, à la fois, d’un coup, en lot',
  ],
};
