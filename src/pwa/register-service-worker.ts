/**
 * Registers the service worker (vite-plugins/pwa.ts writes /sw.js at build time) so the app
 * starts offline. Production builds only: dev serves no sw.js, and tests run without one.
 */
/** How long after load the service worker is registered (the first screen has its data by then). */
const REGISTER_AFTER_LOAD_MS = 3_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // A while after load: the worker's precache (every chunk of the app) must not compete with the
  // first screen's own requests and rendering on a phone. Registered at load it did: on two cores
  // it tripled Lighthouse's blocking time on the kline screen. The entry is added by a script after
  // the first paint (vite-plugins/route-preload.ts), so the page may have loaded before this runs.
  const register = () => {
    setTimeout(() => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
        console.warn('service worker not registered', error);
      });
    }, REGISTER_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
