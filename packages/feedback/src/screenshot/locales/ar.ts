import type { ScreenshotMessages } from './en.ts';

const ar: ScreenshotMessages = {
  screenshotTitle: 'لقطة شاشة',
  screenshotCapture: 'التقاط هذه الصفحة',
  screenshotChoose: 'اختيار صورة',
  screenshotDrop: 'أو الصق صورة، أو أفلتها هنا.',
  screenshotPreparing: 'جارٍ تجهيز الصورة…',
  screenshotCanvas: 'لقطة الشاشة للتعليم عليها',
  screenshotKeys:
    'اسحب لرسم إطار. بلوحة المفاتيح: الأسهم تحرّك الإطار، وShift مع الأسهم يغيّر حجمه، وEnter يثبّته، وDelete يزيل آخر إطار.',
  screenshotTool: 'الإطار',
  screenshotHighlight: 'تمييز',
  screenshotBlackout: 'تعتيم',
  screenshotBoxes: 'الإطارات على الصورة',
  screenshotBoxHighlight: 'تمييز {n}',
  screenshotBoxBlackout: 'تعتيم {n}',
  screenshotBoxPassword: 'تعتيم {n}: حقل كلمة مرور',
  screenshotBoxMarked: 'تعتيم {n}: أخفاه هذا الموقع',
  screenshotRemoveBox: 'إزالة',
  screenshotReveal: 'إزالة: إظهار ما يخفيه',
  screenshotRevealConfirm: 'إظهاره فعلًا؟ اضغط مرة أخرى',
  screenshotUndo: 'تراجع',
  screenshotAttach: 'إرفاق لقطة الشاشة',
  screenshotCancel: 'إلغاء',
  screenshotAttached: 'أُرفقت لقطة الشاشة ({width} × {height})',
  screenshotEdit: 'تعديل لقطة الشاشة',
  screenshotRemove: 'إزالة لقطة الشاشة',
  screenshotTooLarge: 'هذه الصورة أكبر من أن تُرسل حتى بجودة منخفضة. جرّب صورة أصغر أو مقصوصة.',
  screenshotUnreadable: 'تعذّرت قراءة هذا الملف كصورة. اختر صورة PNG أو JPEG أو WebP.',
  screenshotRefused: 'لم تُلتقط الصفحة. يمكنك اختيار صورة بدلًا من ذلك.',
};

export default ar;
