import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './process';

/** Flags TOOLCHAIN.md found necessary: no sandbox as root, and no background traffic on a closed network. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

export type Phone = { context: BrowserContext; page: Page; close: () => Promise<void> };

/**
 * A fresh phone-sized Chromium (390×844) with an empty profile. The app's service worker is
 * blocked unless asked for: once it controls a page, built files come from its cache, and tests
 * that route or fail requests would see them succeed depending on how far its install got.
 */
export async function openPhone(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Phone> {
  const profile = await mkdtemp(path.join(tmpdir(), 'seans-chromium-'));
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ARGS,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot for a person to look at (test-results/ is never committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // A drawer mid-slide is not what a person sees: let transitions and animations settle. Live
  // price flashes never settle on a moving market, and are what a person sees anyway.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.effect?.getTiming().iterations === Infinity ||
          (a instanceof CSSAnimation && a.animationName.startsWith('price-flash')),
      ),
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Waits for the screen whose root carries `data-screen="<path>"`. */
export async function screen(page: Page, route: string): Promise<void> {
  await page.locator(`[data-screen="${route}"]`).first().waitFor({ state: 'visible', timeout: 15_000 });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
