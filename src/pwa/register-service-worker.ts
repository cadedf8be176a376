/**
 * Registers the service worker (scripts/vite-pwa.ts writes /sw.js at build time) so the app
 * starts offline. Production builds only: dev serves no sw.js, and tests run without one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // After load: the worker's precache downloads must not compete with the first screen. The entry
  // is added by a script after the first paint (vite-route-preload.ts), so the page may have
  // finished loading before this runs: then it registers at once.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
