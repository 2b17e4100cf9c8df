import type { ScreenshotMessages } from './en.ts';

const fr: ScreenshotMessages = {
  screenshotTitle: 'Capture d’écran',
  screenshotCapture: 'Capturer cette page',
  screenshotChoose: 'Choisir une image',
  screenshotDrop: 'Ou collez une image, ou déposez-la ici.',
  screenshotPreparing: 'Préparation de l’image…',
  screenshotCanvas: 'Capture d’écran à annoter',
  screenshotKeys:
    'Faites glisser pour tracer un cadre. Au clavier : les flèches déplacent le cadre, Maj et les flèches le redimensionnent, Entrée le place, Suppr retire le dernier.',
  screenshotTool: 'Cadre',
  screenshotHighlight: 'Surligner',
  screenshotBlackout: 'Masquer',
  screenshotBoxes: 'Cadres sur l’image',
  screenshotBoxHighlight: 'Surlignage {n}',
  screenshotBoxBlackout: 'Masque {n}',
  screenshotBoxPassword: 'Masque {n} : un champ de mot de passe',
  screenshotBoxMarked: 'Masque {n} : caché par ce site',
  screenshotRemoveBox: 'Retirer',
  screenshotReveal: 'Retirer : montrer ce qu’il cache',
  screenshotRevealConfirm: 'Vraiment le montrer ? Appuyez encore',
  screenshotUndo: 'Annuler',
  screenshotAttach: 'Joindre la capture',
  screenshotCancel: 'Abandonner',
  screenshotAttached: 'Capture jointe ({width} × {height})',
  screenshotEdit: 'Modifier la capture',
  screenshotRemove: 'Retirer la capture',
  screenshotTooLarge:
    'Cette image est trop lourde pour être envoyée, même en basse qualité. Essayez une image plus petite ou recadrée.',
  screenshotUnreadable: 'Ce fichier n’a pas pu être lu comme une image. Choisissez une image PNG, JPEG ou WebP.',
  screenshotRefused: 'La page n’a pas été capturée. Vous pouvez choisir une image à la place.',
};

export default fr;
