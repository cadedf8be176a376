import { useLayoutEffect, useRef } from 'react';
import { Router, useLocation } from 'wouter';
import { DrawerSlot } from './shell/drawer-slot';
import { LoadingOverlay } from './shell/loading-overlay';
import { ModalHost } from './shell/modal-host';
import { SandboxMark } from './shell/sandbox-mark';
import { OfflineBanner } from './pwa/offline-banner';
import { TabBar } from './shell/tab-bar';
import { ToastHost } from './shell/toast-host';
import { useAppLocation } from './paths/navigation';
import { RouteView } from './routes/route-view';
import { isTabPath } from './routes/first-routes';

/** The phone column: sandbox mark, the current screen, the tab bar on tab screens, overlays. */
function AppFrame() {
  const [pathname] = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef(pathname);

  // Screens scroll inside <main>, which the browser doesn't reset between our pages. Not on the
  // first screen: <main> starts at the top, and writing scrollTop forces a layout inside the
  // first render's commit (a long task on a phone's start-up).
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (main.current) main.current.scrollTop = 0;
  }, [pathname]);

  return (
    <div className="app-column">
      <SandboxMark />
      <OfflineBanner />
      <main ref={main} className="app-main">
        <RouteView />
      </main>
      {isTabPath(pathname) && <TabBar pathname={pathname} />}
      <DrawerSlot />
      <ModalHost />
      <LoadingOverlay />
      <ToastHost />
    </div>
  );
}

export function App() {
  return (
    <Router hook={useAppLocation}>
      <AppFrame />
    </Router>
  );
}
