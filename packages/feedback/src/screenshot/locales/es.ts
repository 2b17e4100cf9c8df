import type { ScreenshotMessages } from './en.ts';

const es: ScreenshotMessages = {
  screenshotTitle: 'Captura de pantalla',
  screenshotCapture: 'Capturar esta página',
  screenshotChoose: 'Elegir una imagen',
  screenshotDrop: 'O pegue una imagen, o suéltela aquí.',
  screenshotPreparing: 'Preparando la imagen…',
  screenshotCanvas: 'Captura para marcar',
  screenshotKeys:
    'Arrastre para dibujar un recuadro. Con el teclado: las flechas mueven el recuadro, Mayús y las flechas cambian su tamaño, Intro lo coloca, Supr quita el último.',
  screenshotTool: 'Recuadro',
  screenshotHighlight: 'Resaltar',
  screenshotBlackout: 'Tapar',
  screenshotBoxes: 'Recuadros en la imagen',
  screenshotBoxHighlight: 'Resaltado {n}',
  screenshotBoxBlackout: 'Tapado {n}',
  screenshotBoxPassword: 'Tapado {n}: un campo de contraseña',
  screenshotBoxMarked: 'Tapado {n}: oculto por este sitio',
  screenshotRemoveBox: 'Quitar',
  screenshotReveal: 'Quitar: mostrar lo que oculta',
  screenshotRevealConfirm: '¿Mostrarlo de verdad? Pulse otra vez',
  screenshotUndo: 'Deshacer',
  screenshotAttach: 'Adjuntar captura',
  screenshotCancel: 'Cancelar',
  screenshotAttached: 'Captura adjunta ({width} × {height})',
  screenshotEdit: 'Editar captura',
  screenshotRemove: 'Quitar captura',
  screenshotTooLarge:
    'Esta imagen es demasiado grande para enviarla, incluso en baja calidad. Pruebe una imagen más pequeña o recortada.',
  screenshotUnreadable: 'No se pudo leer este archivo como imagen. Elija una imagen PNG, JPEG o WebP.',
  screenshotRefused: 'No se capturó la página. Puede elegir una imagen en su lugar.',
};

export default es;
