/**
 * The stores' listing images, made from the README's screenshots (docs/screenshots/, refreshed by
 * `npm start -- --headless --screenshots docs/screenshots`) with headless Chromium:
 *
 *   node --import tsx scripts/store-images.ts
 *
 * writes docs/store/images/: four screenshots at 1280x800 (the Chrome Web Store takes 1280x800 or 640x400, up to
 * five; addons.mozilla.org shows them at that ratio too) and the Chrome Web Store's small promo tile (440x280).
 * Each screenshot is the real screen at its own pixel size (or smaller, never enlarged, so text stays sharp) beside a
 * line saying what it shows. Run it again after refreshing the screenshots; a build or a test never runs it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../test/e2e/chromium-path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'docs/store/images');

const dataUrl = (path: string, type: string) =>
  `data:${type};base64,${readFileSync(resolve(ROOT, path)).toString('base64')}`;
const shot = (name: string) => dataUrl(`docs/screenshots/${name}.png`, 'image/png');
const LOGO = dataUrl('assets/logo.svg', 'image/svg+xml');

interface Slide {
  file: string;
  title: string;
  text: string;
  /** The screens shown, each with an optional height it is cut to (from the top) and a scale (at most 1). */
  screens: Array<{ name: string; cropHeight?: number; scale?: number; alt: string }>;
}

const SLIDES: Slide[] = [
  {
    file: '1-popup-reveal.png',
    title: 'Reveal a profile’s email and phone',
    text: 'On a LinkedIn profile, the popup shows what each item costs before you click, and what the click cost after. What you revealed is kept, so you never pay for it twice.',
    screens: [
      { name: 'popup-before', alt: 'The popup on a profile, before a reveal' },
      { name: 'popup-after', alt: 'The popup after revealing email and phone' },
    ],
  },
  {
    file: '2-side-panel-search.png',
    title: 'Search candidates beside the page',
    text: 'Filters, free text or a whole job description. Results as compact cards, each with its reveal, saved searches and CSV export.',
    screens: [{ name: 'sidepanel', scale: 0.85, alt: 'The side panel with search results' }],
  },
  {
    file: '3-contacts-library.png',
    title: 'Every revealed contact in one place',
    text: 'Search, filter and sort what you revealed; export it as CSV or vCard; delete one contact or all of them.',
    screens: [{ name: 'contacts', alt: 'The revealed contacts library' }],
  },
  {
    file: '4-options.png',
    title: 'Your service, your key, your limits',
    text: 'Connect the candidate service with your own key and choose what a reveal asks for by default. Spending caps and how long contacts are kept are set on the same page.',
    screens: [{ name: 'options', cropHeight: 500, alt: 'The options page' }],
  },
];

const STYLE = `
  html, body { margin: 0; }
  body { font-family: system-ui, "Segoe UI", Roboto, sans-serif; color: #16324f;
    background: linear-gradient(135deg, #e6f2f5 0%, #f6f9fb 60%, #eaf0f6 100%); }
  .slide { width: 1280px; height: 800px; box-sizing: border-box; padding: 64px 72px; display: flex; gap: 56px;
    align-items: center; }
  .words { flex: 0 0 380px; }
  .brand { display: flex; align-items: center; gap: 12px; font-size: 20px; font-weight: 600; color: #0e7490; }
  .brand img { width: 44px; height: 44px; }
  h1 { font-size: 38px; line-height: 1.15; margin: 28px 0 16px; }
  p { font-size: 20px; line-height: 1.5; margin: 0; color: #33495e; }
  .screens { flex: 1; display: flex; gap: 28px; justify-content: center; align-items: flex-start; }
  .screen { background: #fff; border-radius: 10px; overflow: hidden; box-shadow: 0 12px 40px rgba(22, 50, 79, 0.18),
    0 2px 6px rgba(22, 50, 79, 0.12); }
  .screen img { display: block; }
  /* A screen wider than the column beside the words: the words above it, the screen below at its full width. */
  .slide.wide { flex-direction: column; align-items: stretch; gap: 32px; padding: 48px 72px; }
  .wide .words { flex: none; display: grid; grid-template-columns: 300px 1fr; column-gap: 40px; align-items: start; }
  .wide .brand { grid-row: 1 / span 2; } .wide h1 { margin: 0 0 8px; font-size: 34px; }
  .tile { width: 440px; height: 280px; box-sizing: border-box; padding: 28px 32px; display: flex; flex-direction: column;
    justify-content: center; gap: 14px; }
  .tile .brand { font-size: 30px; color: #16324f; } .tile .brand img { width: 72px; height: 72px; }
  .tile p { font-size: 19px; }
`;

function slideHtml(slide: Slide, size: Record<string, { width: number; height: number }>): string {
  const screens = slide.screens
    .map(({ name, cropHeight, scale = 1, alt }) => {
      const { width, height } = size[name]!;
      const shown = Math.min(height, cropHeight ?? height);
      return `<div class="screen" style="width:${width * scale}px;height:${shown * scale}px">
        <img src="${shot(name)}" alt="${alt}" width="${width * scale}" height="${height * scale}"></div>`;
    })
    .join('');
  const wide = slide.screens.some(({ name }) => size[name]!.width > 600);
  return `<div class="slide${wide ? ' wide' : ''}"><div class="words">
      <div class="brand"><img src="${LOGO}" alt="">Candidate Lens</div>
      <h1>${slide.title}</h1><p>${slide.text}</p>
    </div><div class="screens">${screens}</div></div>`;
}

const TILE = `<div class="tile">
  <div class="brand"><img src="${LOGO}" alt="">Candidate Lens</div>
  <p>Find candidates and reveal contact details, priced before every click.</p>
</div>`;

/** A PNG's width and height, from its header. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const sizes = Object.fromEntries(
  [...new Set(SLIDES.flatMap((s) => s.screens.map((screen) => screen.name)))].map((name) => [
    name,
    pngSize(resolve(ROOT, `docs/screenshots/${name}.png`)),
  ]),
);

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), headless: true });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const render = async (html: string, file: string, width: number, height: number) => {
    await page.setViewportSize({ width, height });
    await page.setContent(`<style>${STYLE}</style>${html}`);
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
    const overflow = await page.evaluate(
      () =>
        document.documentElement.scrollHeight > window.innerHeight ||
        document.documentElement.scrollWidth > window.innerWidth,
    );
    if (overflow) throw new Error(`${file}: the content does not fit ${width}x${height}`);
    writeFileSync(resolve(OUT, file), await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
    console.log(`docs/store/images/${file}  ${width}x${height}`);
  };
  for (const slide of SLIDES) await render(slideHtml(slide, sizes), slide.file, 1280, 800);
  await render(TILE, 'promo-small-440x280.png', 440, 280);
} finally {
  await browser.close();
}
