/**
 * The screenshot chunk's encoding in a real Chromium: a 1920x1080 frame through the same canvas
 * steps the form takes before attaching (`encodeCanvas` from `feedback/src/screenshot/encode.ts`,
 * bundled by esbuild from the sources). Two frames: one like a capture of an app's page (flat colours, text lines;
 * kept as PNG) and one like a photo (gradients and grain; WebP, quality stepped down until under 1 MB). The
 * figure is the median of RUNS encodes after one warm-up; the note gives the type and bytes sent.
 * Budget 500 ms: the user waits for it after pressing "Attach screenshot".
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../playwright/chromium.mjs';

const RUNS = 5;
const BUDGET_MS = 500;

/** The encode module as browser JavaScript, bundled with the constants it imports from core's sources. */
async function encodeModule(root) {
  const require = createRequire(join(root, 'bench', 'package.json'));
  const { build } = require('esbuild');
  const result = await build({
    entryPoints: [join(root, 'packages/feedback/src/screenshot/encode.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export default async function screenshotEncode({ root }) {
  const require = createRequire(join(root, 'playwright', 'package.json'));
  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows = [];
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>encode</title>');
    const code = await encodeModule(root);
    const figures = await page.evaluate(
      async ({ code, runs }) => {
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
        const { encodeCanvas } = await import(url);
        const width = 1920;
        const height = 1080;
        const frame = (kind) => {
          const canvas = new OffscreenCanvas(width, height);
          const context = canvas.getContext('2d');
          if (kind === 'page') {
            context.fillStyle = '#f6f7f9';
            context.fillRect(0, 0, width, height);
            context.fillStyle = '#1f2937';
            context.fillRect(0, 0, 260, height);
            context.font = '16px sans-serif';
            for (let y = 40; y < height; y += 28) {
              context.fillStyle = '#374151';
              context.fillText('Settings · Notifications · Export notes as PDF · Version 2.4.1', 300, y);
              context.fillStyle = '#e5e7eb';
              context.fillRect(1100, y - 14, 600, 18);
            }
          } else {
            const pixels = context.createImageData(width, height);
            // Smooth light and colour with sensor-like grain: what a phone photo holds.
            for (let i = 0; i < pixels.data.length; i += 4) {
              const x = (i / 4) % width;
              const y = Math.floor(i / 4 / width);
              const grain = Math.random() * 24 - 12;
              pixels.data[i] = 128 + 100 * Math.sin(x / 97) + grain;
              pixels.data[i + 1] = 128 + 90 * Math.cos(y / 61 + x / 211) + grain;
              pixels.data[i + 2] = 128 + 80 * Math.sin((x + y) / 137) + grain;
              pixels.data[i + 3] = 255;
            }
            context.putImageData(pixels, 0, 0);
          }
          return canvas.transferToImageBitmap();
        };
        const result = {};
        for (const kind of ['page', 'photo']) {
          const bitmap = frame(kind);
          const encode = () =>
            encodeCanvas(width, height, (context) => context.drawImage(bitmap, 0, 0), { lossless: kind === 'page' });
          let last = await encode();
          const times = [];
          for (let run = 0; run < runs; run++) {
            const started = performance.now();
            last = await encode();
            times.push(performance.now() - started);
          }
          times.sort((a, b) => a - b);
          result[kind] = { ms: times[Math.floor(times.length / 2)], type: last.type, bytes: last.blob.size };
        }
        return result;
      },
      { code, runs: RUNS },
    );
    for (const [kind, what] of [
      ['page', 'a capture of an app page'],
      ['photo', 'a photo-like frame (gradients and grain)'],
    ]) {
      const { ms, type, bytes } = figures[kind];
      rows.push({
        group: 'screenshot',
        metric: `encode 1920x1080, ${what} (median of ${RUNS})`,
        value: ms,
        unit: 'ms',
        budget: BUDGET_MS,
        note: `${type}, ${(bytes / 1000).toFixed(0)} kB sent`,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
