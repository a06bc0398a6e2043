/**
 * Rasterises the logo's SVG sources (assets/) into the manifest icons (public/icon/16.png, 32.png, 48.png,
 * 128.png) with headless Chromium, so the PNGs can be made again from their sources:
 *
 *   node --import tsx scripts/icons.ts            # the manifest icons
 *   node --import tsx scripts/icons.ts --states   # also the toolbar-state variants, into public/icon/toolbar/
 *
 * The PNGs are committed: a build or a test never runs this (it needs Chromium, and the icons change only when the
 * logo does). 16 px has its own drawing (assets/logo-16.svg), thicker and on whole pixels, because the full logo
 * scaled down to 16 px blurs the person into the lens.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../test/e2e/chromium-path';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Each output: the SVG it is drawn from, its size in pixels, and the transparent padding around the drawing (the
 * Chrome Web Store asks for 96 px of artwork in the 128 px icon; the toolbar's sizes use their whole square).
 */
const ICONS: Array<{ svg: string; size: number; padding?: number; out: string }> = [
  { svg: 'assets/logo-16.svg', size: 16, out: 'public/icon/16.png' },
  { svg: 'assets/logo.svg', size: 32, out: 'public/icon/32.png' },
  { svg: 'assets/logo.svg', size: 48, padding: 2, out: 'public/icon/48.png' },
  { svg: 'assets/logo.svg', size: 128, padding: 16, out: 'public/icon/128.png' },
];

/** The toolbar button's per-tab states (src/background/tabs.ts): on a profile, and its contacts revealed. */
const STATES = ['profile', 'revealed'].flatMap((state) =>
  [16, 32].map((size) => ({
    svg: `assets/toolbar-${state}.svg`,
    size,
    out: `public/icon/toolbar/${state}-${size}.png`,
  })),
);

const outputs: typeof ICONS = process.argv.includes('--states') ? [...ICONS, ...STATES] : ICONS;

const browser = await chromium.launch({ executablePath: findChromium(), headless: true });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { svg, size, padding = 0, out } of outputs) {
    const source = readFileSync(resolve(ROOT, svg)).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;margin:${padding}px}</style>` +
        `<img width="${size - 2 * padding}" height="${size - 2 * padding}" src="data:image/svg+xml;base64,${source}">`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    mkdirSync(resolve(ROOT, out, '..'), { recursive: true });
    writeFileSync(resolve(ROOT, out), png);
    console.log(`${out}  ${size}x${size}  ${png.length} bytes  (from ${svg})`);
  }
} finally {
  await browser.close();
}
