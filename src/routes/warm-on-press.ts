import { session } from '../state/session';
import { routeFor } from './routes';

/**
 * Starts loading the screen an in-app link leads to as the finger lands on it (pointerdown),
 * not at the click, which waits for the finger to lift (~50-150 ms on a phone): the screen's code
 * is that much nearer when the route changes. Code only, never an answer; and not a guest's
 * account screen, which sends the guest to login instead.
 */
export function warmOnPress(target: Document = document): void {
  target.addEventListener(
    'pointerdown',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      void routeFor(link.pathname).then(
        (route) => {
          if (route && 'screen' in route && (route.public || session.userToken !== ''))
            void route.screen.preload();
        },
        () => undefined,
      );
    },
    { capture: true, passive: true },
  );
}
