import { stemmer } from '@orama/stemmers/spanish';
import { stopwords } from '@orama/stopwords/spanish';
import type { LanguageData } from '../language-data.ts';

/** Spanish: Orama's stemmer and stop words, and the words of this module. */
export const language: LanguageData = {
  stem: stemmer,
  stopWords: stopwords,
  requestWords:
    'por favor porfa porfavor añadir agregar gustaría encantaría quiero quisiera querría sería estaría bueno genial útil necesito necesitamos poder podéis podríais posible opción función gracias hola realmente cómo cuándo hay alguna forma manera tipo',
  synonyms: [
    'exportar, exportación, descargar, guardar',
    'modo oscuro, tema oscuro, tema nocturno, modo noche, modo nocturno, dark mode',
    'atajo, atajo de teclado, atajos de teclado, tecla rápida, teclas rápidas, hotkey',
    '2fa, dos factores, doble factor, verificación en dos pasos, dos pasos, autenticación de dos factores, mfa',
    'sso, inicio de sesión único, single sign-on, saml',
    'correo, email, e-mail, mail, correo electrónico',
    'hoja de ruta, roadmap',
    'resumen, digest, recapitulación',
    'recordatorio, alarma, aviso',
    'masiva, en masa, a la vez, de golpe',
  ],
  accents: { cion: 'ción', sion: 'sión', ciones: 'ciones' },
};
