/**
 * The screenshot editor's strings, loaded with it; each can be overridden through the widget's
 * `strings` option like the form's. "Add a screenshot" itself is the form's `screenshotAdd`.
 */
export const screenshotEn = {
  screenshotTitle: 'Screenshot',
  screenshotCapture: 'Capture this page',
  screenshotChoose: 'Choose an image',
  screenshotDrop: 'Or paste an image, or drop one here.',
  screenshotPreparing: 'Preparing the image…',
  screenshotCanvas: 'Screenshot to mark up',
  screenshotKeys:
    'Drag to draw a box. With the keyboard: arrow keys move the box, Shift and arrow keys resize it, Enter places it, Delete removes the last one.',
  screenshotTool: 'Box',
  screenshotHighlight: 'Highlight',
  screenshotBlackout: 'Black out',
  screenshotBoxes: 'Boxes on the image',
  screenshotBoxHighlight: 'Highlight {n}',
  screenshotBoxBlackout: 'Black-out {n}',
  screenshotBoxPassword: 'Black-out {n}: a password field',
  screenshotBoxMarked: 'Black-out {n}: hidden by this site',
  screenshotRemoveBox: 'Remove',
  screenshotReveal: 'Remove: show what it hides',
  screenshotRevealConfirm: 'Really show it? Press again',
  screenshotUndo: 'Undo',
  screenshotAttach: 'Attach screenshot',
  screenshotCancel: 'Cancel',
  screenshotAttached: 'Screenshot attached ({width} × {height})',
  screenshotEdit: 'Edit screenshot',
  screenshotRemove: 'Remove screenshot',
  screenshotTooLarge: 'This image is too large to send, even at low quality. Try a smaller or cropped image.',
  screenshotUnreadable: 'This file could not be read as an image. Choose a PNG, JPEG or WebP image.',
  screenshotRefused: 'The page was not captured. You can choose an image instead.',
} as const satisfies Record<string, string>;

export type ScreenshotMessages = { [K in keyof typeof screenshotEn]: string };
