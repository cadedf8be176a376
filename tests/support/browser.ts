import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { ROOT } from './process';

/** Flags TOOLCHAIN.md found necessary: no sandbox as root, and no background traffic on a closed network. */
export const CHROMIUM_ARGS = [
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
 * A phone set to dark, as the app looked before it had a light palette: Playwright's own default
 * is light, and the app follows the system. Tests of the light palette store the setting or
 * emulate a light system themselves.
 */
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  colorScheme: 'dark',
} as const;

/**
 * One Chromium per test run (the suite's, see useBrowserServer) or else per test process, a fresh
 * context per phone: a context has its own cookies,
 * storage, cache and service workers, and costs ~0.1 s where a browser with a new profile cost
 * ~1.7 s (about 100 s of the browser suite's 600). It closes once no phone has been open for a
 * moment, and at the end of each test file (closeSharedBrowser, tests/support/browser-setup.ts):
 * vitest stops a file's worker with SIGTERM and then SIGKILL, which Playwright's own cleanup
 * would not finish in time.
 */
let shared: Promise<Browser> | null = null;
let phonesOpen = 0;
let idle: ReturnType<typeof setTimeout> | undefined;
const IDLE_CLOSE_MS = 2000;

/** The suite's Chromium (tests/browser/global-setup.ts), when there is one to connect to. */
let endpoint: string | undefined;

/**
 * Phones open in the Chromium at `wsEndpoint` (`launchBrowserServer`) instead of one launched by
 * this process. A test file runs in a process of its own: launching and closing a Chromium per
 * file cost ~1–2 s of each of the browser suite's 19 files, connecting to the suite's ~0.1 s.
 * Each phone is still a context of its own, as it was in the per-file browser.
 */
export function useBrowserServer(wsEndpoint: string | undefined): void {
  endpoint = wsEndpoint;
}

/** The Chromium of a whole test run, for the test files' processes to connect to (useBrowserServer). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

function sharedBrowser(): Promise<Browser> {
  clearTimeout(idle);
  if (!shared) {
    const launching = endpoint
      ? chromium.connect(endpoint, { timeout: 30_000 })
      : chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: CHROMIUM_ARGS,
        });
    shared = launching;
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (shared === launching) shared = null;
        }),
      () => {
        if (shared === launching) shared = null;
      },
    );
  }
  return shared;
}

function phoneClosed(): void {
  phonesOpen -= 1;
  if (phonesOpen > 0) return;
  idle = setTimeout(() => void closeSharedBrowser(), IDLE_CLOSE_MS);
  idle.unref();
}

/**
 * Closes the shared browser now (a test file's end, a benchmark's end); the next phone relaunches
 * it. A connected one is left running: closing it closes this process's contexts and disconnects.
 */
export async function closeSharedBrowser(): Promise<void> {
  clearTimeout(idle);
  const closing = shared;
  shared = null;
  await closing?.then((browser) => browser.close()).catch(() => undefined);
}

/**
 * A fresh phone-sized Chromium (390×844) with nothing stored. The app's service worker is
 * blocked unless asked for: once it controls a page, built files come from its cache, and tests
 * that route or fail requests would see them succeed depending on how far its install got. A
 * phone that allows it gets a browser of its own on a real profile: Chromium does not offer to
 * install an app from an off-the-record context, which a shared browser's contexts are.
 */
export async function openPhone(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Phone> {
  if (options.serviceWorkers === 'allow') return openInstallablePhone();
  phonesOpen += 1;
  let context: BrowserContext | undefined;
  try {
    context = await (await sharedBrowser()).newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const opened = context;
    let closed = false;
    return {
      context: opened,
      page,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await opened.close();
        } finally {
          phoneClosed();
        }
      },
    };
  } catch (error) {
    await context?.close().catch(() => undefined);
    phoneClosed();
    throw error;
  }
}

async function openInstallablePhone(): Promise<Phone> {
  const profile = await mkdtemp(path.join(tmpdir(), 'seans-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...PHONE,
    serviceWorkers: 'allow',
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
  // A drawer mid-slide is not what a person sees: let transitions and animations settle.
  // index.html's frame-failed "animation" is a reveal after 15 s, not movement: not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.effect?.getTiming().iterations === Infinity ||
          (a instanceof CSSAnimation && a.animationName === 'reveal'),
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

/**
 * Chromium's running count of style recalculations on `page` (CDP `Performance.getMetrics`): a
 * live figure that restyles in frames of its own (a CSS animation or transition restarted per
 * update) shows as restyles well above the changes that caused them.
 */
export async function styleRecalculations(
  page: Page,
): Promise<{ count(): Promise<number>; close(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    async count() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'RecalcStyleCount')?.value ?? NaN;
    },
    close: () => cdp.detach(),
  };
}
