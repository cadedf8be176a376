import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/lists.css';
import './styles/overlays.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { afterLargestPaint } from './components/content/after-largest-paint';
import { hasLocale, loadLocale } from './i18n/setup';
import { registerServiceWorker } from './pwa/register-service-worker';
import { marketWorker, setMarketClientLoader, startMarketWorker } from './market/client-start';
import { startIdlePreload } from './routes/idle-preload';
import { preloadScreen } from './routes/routes';
import { warmOnPress } from './routes/warm-on-press';
import { loadAppConfig } from './state/app-config';
import { prefs, startPrefsSync } from './state/prefs';
import { startSessionSync } from './state/session';
import { startTheme } from './state/theme';
import { warmFormats } from './warm-formats';

// The client (comlink, the pacer) loads with the worker's start, not with the first screen; the
// worker is created as it is asked for, so its download does not wait for the client's.
setMarketClientLoader(() => {
  marketWorker();
  return import('./market/client');
});
startSessionSync();
startPrefsSync();
startTheme();
void loadAppConfig();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
function render(): void {
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them, instead of one long task that blocks input while a phone evaluates and renders it all.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
/** Resolves in a new task, so the work after it does not lengthen the one before. */
const nextTask = () => delay(0);
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
/** How long the first render waits for the first screen's chunk (requested with the entry). */
const FIRST_SCREEN_WAIT_MS = 1_500;

/**
 * index.html paints the app's frame before any script runs; the app then starts in steps, each
 * its own task, because a phone spends 4× a desktop's time on each and a task over 50 ms blocks
 * input: evaluating the entry, then the locale data Intl loads, then React's first render (itself
 * sliced by the transition).
 */
async function boot(): Promise<void> {
  await nextTask();
  warmFormats(prefs.lang);
  // English texts are a chunk of their own: an English reader's first screen waits for them
  // rather than flashing Turkish (and renders in Turkish if they cannot be fetched).
  if (!hasLocale(prefs.lang)) await loadLocale(prefs.lang).catch(() => undefined);
  // The first screen's chunk was requested with the entry (route-preload); waiting for it here
  // lets the first render draw the screen itself instead of a fallback that React then holds
  // for ~300 ms before revealing the screen.
  // Bounded: on a network that stalls, the app's frame and the screen's own loading and retry
  // states are better than the boot spinner for as long as the chunk's 120 s timeout.
  await Promise.race([preloadScreen(location.pathname), delay(FIRST_SCREEN_WAIT_MS)]);
  await nextTask();
  render();
  // The market worker (~22 KiB of gzip with its imports) downloads once the first screen's largest
  // paint is recorded: started at boot, it shared the phone's line with that paint's code and
  // answers on every screen. A screen that streams from its first frame starts it then (useTopic).
  afterLargestPaint(() => void startMarketWorker());
  warmOnPress();
  startIdlePreload();
}
void boot();
