import { expect, type Locator, type Page, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { seriousAxeFindings } from './axe.ts';
import { HUMAN_PAUSE_MS, stack, threadsWithText, url, watchPage } from './support.ts';

// Chromium's own prompt for capturing this tab is answered yes, as a user would.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--auto-accept-this-tab-capture'],
  },
});

const PAGE = '/fixtures/screenshot.html';

/** An EXIF APP1 segment whose GPS directory says latitude N 48° 51′ 30″ (big-endian TIFF). */
function exifGpsSegment(): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, the GPS directory's offset.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD: GPSLatitudeRef "N", GPSLatitude 48/1 51/1 3000/100.
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(1, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'latin1');
  tiff.writeUInt16BE(2, 40);
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  tiff.writeUInt32BE(0, 52);
  for (const [index, [numerator, denominator]] of (
    [
      [48, 1],
      [51, 1],
      [3000, 100],
    ] as const
  ).entries()) {
    tiff.writeUInt32BE(numerator, 56 + index * 8);
    tiff.writeUInt32BE(denominator, 60 + index * 8);
  }
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(2 + 6 + tiff.length, 2);
  return Buffer.concat([header, Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** A colourful 800x600 JPEG drawn by the browser, with the EXIF GPS segment after its start marker. */
async function jpegWithGps(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(800, 600);
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#36c');
    gradient.addColorStop(1, '#fc3');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 800, 600);
    const bytes = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer(),
    );
    return btoa(String.fromCharCode(...bytes));
  });
  const jpeg = Buffer.from(base64, 'base64');
  return Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)]);
}

/** The one image stored with the thread of `text`, read back with the full-access key. */
async function storedImage(text: string): Promise<{ bytes: Buffer; type: string }> {
  const get = (path: string) =>
    fetch(new URL(`/api/v2${path}`, stack.serverUrl), { headers: { authorization: `Bearer ${stack.fullKey}` } });
  let attachmentId: string | undefined;
  await expect
    .poll(
      async () => {
        const [thread] = await threadsWithText(text);
        if (!thread) return 'no thread';
        const messages = (await (await get(`/threads/${thread.id}/messages`)).json()) as {
          data: { attachments: { id: string }[] }[];
        };
        attachmentId = messages.data.flatMap((message) => message.attachments)[0]?.id;
        return attachmentId ? 'stored' : 'no attachment';
      },
      { timeout: 15_000 },
    )
    .toBe('stored');
  const response = await get(`/attachments/${attachmentId}`);
  expect(response.ok).toBe(true);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? '' };
}

/** Per channel, the lowest and highest value in the image's rectangle (fractions of its size). */
async function channelRange(
  page: Page,
  image: Buffer,
  region: { x: number; y: number; width: number; height: number },
): Promise<{ min: number; max: number; width: number }> {
  return page.evaluate(
    async ({ base64, region }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const x = Math.round(region.x * bitmap.width);
      const y = Math.round(region.y * bitmap.height);
      const { data } = context.getImageData(
        x,
        y,
        Math.max(1, Math.round(region.width * bitmap.width)),
        Math.max(1, Math.round(region.height * bitmap.height)),
      );
      let min = 255;
      let max = 0;
      for (let i = 0; i < data.length; i += 4)
        for (let c = 0; c < 3; c++) {
          min = Math.min(min, data[i + c]!);
          max = Math.max(max, data[i + c]!);
        }
      return { min, max, width: bitmap.width };
    },
    { base64: image.toString('base64'), region },
  );
}

/** The editor's list of boxes (the form's own lists, such as suggestions, aside). */
const boxes = (widget: Locator) => widget.getByRole('list', { name: 'Boxes on the image' }).getByRole('listitem');

async function open(page: Page): Promise<Locator> {
  await page.goto(url(PAGE));
  const widget = page.locator('hearken-feedback');
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  return widget;
}

test('a JPEG with EXIF GPS chosen from the file input, a black-out drawn with the mouse: stored without metadata, the black-out uniform', async ({
  page,
}) => {
  const watched = await watchPage(page);
  const widget = await open(page);
  const text = `Broken chart, see picture ${Date.now()}`;
  await widget.getByLabel('Your feedback').fill(text);
  // The proxy holds a form filled faster than a person types for review (out of the lists this test reads).
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const jpeg = await jpegWithGps(page);
  expect(jpeg.includes('Exif\0\0')).toBe(true);

  await widget.getByRole('button', { name: 'Add a screenshot' }).click();
  await widget.locator('input[type=file]').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const canvas = widget.getByRole('application', { name: 'Screenshot to mark up' });
  await expect(canvas).toBeVisible();
  await widget.getByRole('radio', { name: 'Black out' }).check();
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(boxes(widget)).toHaveText(['Black-out 1Remove']);
  await widget.getByRole('button', { name: 'Attach screenshot' }).click();
  await expect(widget.getByText('Screenshot attached (800 × 600)')).toBeVisible();
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  await expect(widget.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

  const stored = await storedImage(text);
  expect(stored.type).toMatch(/^image\/(webp|jpeg|png)$/);
  expect(stored.bytes.toString('latin1').toLowerCase()).not.toContain('exif');
  // The GPS directory's latitude rational (3000/100) is nowhere in the stored bytes.
  expect(stored.bytes.includes(Buffer.from([0, 0, 0x0b, 0xb8, 0, 0, 0, 0x64]))).toBe(false);
  const inside = await channelRange(page, stored.bytes, { x: 0.27, y: 0.27, width: 0.21, height: 0.21 });
  expect(inside.width).toBe(800);
  expect(inside.max - inside.min).toBeLessThanOrEqual(2);
  expect(inside.max).toBeLessThanOrEqual(2);
  const outside = await channelRange(page, stored.bytes, { x: 0.6, y: 0.6, width: 0.2, height: 0.2 });
  expect(outside.max).toBeGreaterThan(100);
  expect(await watched.cspViolations()).toEqual([]);
});

test('a capture of this tab, keyboard only: the password field and the data-hearken-mask element are blacked out in the stored image', async ({
  page,
}) => {
  // Tall enough that the form's buttons and the masked fields are on screen together, as captured.
  await page.setViewportSize({ width: 1000, height: 1600 });
  const widget = await open(page);
  const text = `Capture of my account page ${Date.now()}`;
  await widget.getByLabel('Your feedback').fill(text);
  // The proxy holds a form filled faster than a person types for review (out of the lists this test reads).
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const add = widget.getByRole('button', { name: 'Add a screenshot' });
  await add.focus();
  await page.keyboard.press('Enter');
  const capture = widget.getByRole('button', { name: 'Capture this page' });
  await expect(capture).toBeFocused();
  const rects = await page.evaluate(() => {
    const of = (id: string) => {
      const { x, y, width, height } = document.getElementById(id)!.getBoundingClientRect();
      return { x: x / innerWidth, y: y / innerHeight, width: width / innerWidth, height: height / innerHeight };
    };
    return { secret: of('secret'), card: of('card') };
  });
  await page.keyboard.press('Enter');
  await expect(boxes(widget)).toHaveText([
    'Black-out 1: a password fieldRemove: show what it hides',
    'Black-out 2: hidden by this siteRemove: show what it hides',
  ]);
  // Tab from the tool choice to the attach button, as a keyboard user goes.
  const attach = widget.getByRole('button', { name: 'Attach screenshot' });
  for (let step = 0; step < 12 && !(await attach.evaluate((button) => button.matches(':focus'))); step++)
    await page.keyboard.press('Tab');
  await expect(attach).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Edit screenshot' })).toBeFocused();
  await widget.getByRole('button', { name: 'Send feedback' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();

  const stored = await storedImage(text);
  for (const rect of [rects.secret, rects.card]) {
    const inner = {
      x: rect.x + rect.width * 0.1,
      y: rect.y + rect.height * 0.2,
      width: rect.width * 0.8,
      height: rect.height * 0.6,
    };
    const range = await channelRange(page, stored.bytes, inner);
    expect(range.max).toBeLessThanOrEqual(2);
  }
  // The page around them was captured: the white page, not a blank frame.
  const around = await channelRange(page, stored.bytes, { x: 0.02, y: 0.02, width: 0.1, height: 0.05 });
  expect(around.min).toBeGreaterThan(200);
});

test('the editor at 390 px in Arabic, right to left, and axe finds nothing serious; a file that is no image is refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url(PAGE));
  const widget = page.locator('hearken-feedback');
  await widget.evaluate((element) => element.setAttribute('language', 'ar'));
  await widget.getByRole('button', { name: 'إضافة لقطة شاشة' }).click();
  const input = widget.locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await expect(widget.getByRole('alert').filter({ hasText: 'تعذّرت قراءة هذا الملف كصورة' })).toBeVisible();
  await input.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(page) });
  const canvas = widget.getByRole('application', { name: 'لقطة الشاشة للتعليم عليها' });
  await expect(canvas).toBeVisible();
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('list', { name: 'الإطارات على الصورة' }).getByRole('listitem')).toHaveCount(1);
  expect(
    await widget.evaluate((element) => getComputedStyle(element.shadowRoot!.querySelector('.hk-shot')!).direction),
  ).toBe('rtl');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);
});

test('in launcher mode the dialog and its backdrop are out of the picture, in dark mode', async ({ page }) => {
  await page.goto(url('/fixtures/feedback-only.html'));
  const widget = page.locator('hearken-feedback');
  await widget.evaluate((element) => {
    element.setAttribute('screenshots', 'on');
    element.setAttribute('theme', 'dark');
  });
  await widget.getByRole('button', { name: 'Feedback' }).click();
  const dialog = widget.getByRole('dialog', { name: 'Send feedback' });
  await dialog.getByLabel('Your feedback').fill('The launcher page, captured');
  await dialog.getByRole('button', { name: 'Add a screenshot' }).click();
  expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);
  await dialog.getByRole('button', { name: 'Capture this page' }).click();
  await expect(dialog.getByRole('application', { name: 'Screenshot to mark up' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Attach screenshot' }).click();
  await expect(dialog.getByText(/^Screenshot attached/)).toBeVisible();
  // The attached image, read back through the form's thumbnail (drawn once the image is decoded,
  // a moment after the line above shows): the page's white background where the dialog and its
  // dark backdrop were on screen.
  const darkest = () =>
    page.evaluate(() => {
      const root = document.querySelector('hearken-feedback')!.shadowRoot!;
      const thumb = root.querySelector<HTMLCanvasElement>('.hk-shot-thumb')!;
      const context = thumb.getContext('2d')!;
      const at = (x: number, y: number) => [...context.getImageData(x * thumb.width, y * thumb.height, 1, 1).data];
      return Math.min(...[at(0.02, 0.02), at(0.5, 0.5)].flatMap((pixel) => pixel.slice(0, 3)));
    });
  await expect.poll(darkest).toBeGreaterThan(200);
  await expect(dialog).toBeVisible();
});

test('the form loads without the screenshot code, which comes in its own file when the user asks for a screenshot', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/hearken/') && path.endsWith('.js')) fetched.push(path.slice('/hearken/'.length));
  });
  const widget = await open(page);
  await page.waitForLoadState('networkidle');
  expect(fetched.some((file) => file.startsWith('feedback-view-'))).toBe(true);
  expect(fetched.filter((file) => file.startsWith('screenshot-panel-'))).toEqual([]);
  await widget.getByRole('button', { name: 'Add a screenshot' }).click();
  await expect(widget.getByRole('button', { name: 'Choose an image' })).toBeVisible();
  expect(fetched.filter((file) => file.startsWith('screenshot-panel-'))).toHaveLength(1);
});
