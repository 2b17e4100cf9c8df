import type { ScreenshotMessages } from './en.ts';

const de: ScreenshotMessages = {
  screenshotTitle: 'Bildschirmfoto',
  screenshotCapture: 'Diese Seite aufnehmen',
  screenshotChoose: 'Bild auswählen',
  screenshotDrop: 'Oder fügen Sie ein Bild ein oder ziehen Sie es hierher.',
  screenshotPreparing: 'Bild wird vorbereitet …',
  screenshotCanvas: 'Bildschirmfoto zum Markieren',
  screenshotKeys:
    'Ziehen Sie, um einen Rahmen zu zeichnen. Mit der Tastatur: Pfeiltasten verschieben den Rahmen, Umschalt und Pfeiltasten ändern seine Größe, Eingabe setzt ihn, Entf entfernt den letzten.',
  screenshotTool: 'Rahmen',
  screenshotHighlight: 'Hervorheben',
  screenshotBlackout: 'Schwärzen',
  screenshotBoxes: 'Rahmen im Bild',
  screenshotBoxHighlight: 'Hervorhebung {n}',
  screenshotBoxBlackout: 'Schwärzung {n}',
  screenshotBoxPassword: 'Schwärzung {n}: ein Passwortfeld',
  screenshotBoxMarked: 'Schwärzung {n}: von dieser Website verborgen',
  screenshotRemoveBox: 'Entfernen',
  screenshotReveal: 'Entfernen: Verborgenes zeigen',
  screenshotRevealConfirm: 'Wirklich zeigen? Erneut drücken',
  screenshotUndo: 'Rückgängig',
  screenshotAttach: 'Bildschirmfoto anhängen',
  screenshotCancel: 'Abbrechen',
  screenshotAttached: 'Bildschirmfoto angehängt ({width} × {height})',
  screenshotEdit: 'Bildschirmfoto bearbeiten',
  screenshotRemove: 'Bildschirmfoto entfernen',
  screenshotTooLarge:
    'Dieses Bild ist selbst in niedriger Qualität zu groß zum Senden. Versuchen Sie ein kleineres oder zugeschnittenes Bild.',
  screenshotUnreadable: 'Diese Datei konnte nicht als Bild gelesen werden. Wählen Sie ein PNG-, JPEG- oder WebP-Bild.',
  screenshotRefused: 'Die Seite wurde nicht aufgenommen. Sie können stattdessen ein Bild auswählen.',
};

export default de;
