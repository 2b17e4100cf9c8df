import { stemmer } from '@orama/stemmers/arabic';
import { stopwords } from '@orama/stopwords/arabic';
import type { LanguageData } from '../language-data.ts';

/** Arabic: Orama's stemmer and stop words, and the words of this module. */
export const language: LanguageData = {
  stem: stemmer,
  stopWords: stopwords,
  requestWords:
    'من فضلك فضلكم ارجو أرجو نرجو اضافة إضافة أريد نريد أتمنى نتمنى ميزة خيار شكرا مرحبا يمكن يمكنكم هل سيكون رائعا رائع جميلا',
  // Arabic writes in fewer letters (no short vowels): `تتكرر` and `متكرر` are one letter apart.
  typos: [4, 6],
  synonyms: [
    'تصدير, تنزيل, تحميل, حفظ',
    'الوضع الداكن, الوضع الليلي, السمة الداكنة, المظهر الداكن, الوضع المظلم, dark mode',
    'اختصارات, اختصارات لوحة المفاتيح, مفاتيح سريعة, مفاتيح الاختصار',
    '2fa, المصادقة الثنائية, التحقق بخطوتين, التحقق الثنائي, mfa',
    'sso, تسجيل الدخول الموحد, الدخول الموحد, saml',
    'البريد, البريد الإلكتروني, الإيميل, ايميل, email',
    'خارطة الطريق, خريطة الطريق, roadmap',
    'تذكير, منبه',
    'دفعة واحدة, جماعي, معا',
  ],
};
