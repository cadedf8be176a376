// Renders the app icons (public/icons/*.png) from public/favicon.svg with Debian Chromium, so
// the PNGs are reproducible without network or an image library: `node scripts/make-icons.mjs`.
// The maskable icon keeps the mark inside the central 80% safe zone on a full-bleed background.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const BACKGROUND = '#0b0d12'; // --color-bg in src/styles/tokens.css
const svg = await readFile(path.join(ROOT, 'public', 'favicon.svg'), 'utf8');

const ICONS = [
  // The page's favicon: a PNG, because Chromium builds an SVG favicon into a whole isolated SVG
  // document on the page's main thread (15–66 ms measured during the first load).
  { file: 'icon-48.png', size: 48, mark: 1, background: 'transparent' },
  { file: 'icon-192.png', size: 192, mark: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, mark: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, mark: 0.6, background: BACKGROUND },
];

const profile = await mkdtemp(path.join(tmpdir(), 'seans-icons-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  deviceScaleFactor: 1,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const markSize = Math.round(icon.size * icon.mark);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
        svg.replace('<svg ', `<svg width="${markSize}" height="${markSize}" `) +
        '</body></html>',
    );
    await page.screenshot({
      path: path.join(ROOT, 'public', 'icons', icon.file),
      omitBackground: icon.background === 'transparent',
    });
    console.log(`public/icons/${icon.file}`);
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
}
