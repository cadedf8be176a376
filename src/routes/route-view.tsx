import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { session } from '../state/session';
import { ChunkBoundary } from './chunk-boundary';
import { ChunkError } from './chunk-error';
import { LoadedSlot } from '../components/chunks/loaded-slot';
import { loginPathFor } from '../paths/navigation';
import { NotFoundScreen } from './not-found-screen';
import { PendingScreen } from './pending-screen';
import { RoutePathContext } from '../paths/route-context';
import { findRoute, loadRouteTable, routeTableLoaded } from './routes';

/**
 * Loads the rest of the route table for a path outside the first routes, showing the pending
 * screen meanwhile, and the chunk error (retried by itself) when it cannot be fetched.
 */
function useRouteTable(needed: boolean): { failed: boolean; retry: () => void } {
  const [state, setState] = useState<'loaded' | 'loading' | 'failed'>(() =>
    routeTableLoaded() ? 'loaded' : 'loading',
  );
  useEffect(() => {
    if (!needed || state !== 'loading') return;
    let live = true;
    loadRouteTable().then(
      () => live && setState('loaded'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [needed, state]);
  const retry = useCallback(() => setState('loading'), []);
  return { failed: state === 'failed', retry };
}

const loadTable = () =>
  loadRouteTable().then(
    () => true,
    () => false,
  );

/** Renders the route-table entry for the current path, guarding account screens. */
export function RouteView() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { userToken } = useSnapshot(session);
  const route = findRoute(pathname);
  const table = useRouteTable(!route);

  if (!route) {
    if (table.failed) return <ChunkError onRetry={table.retry} load={loadTable} />;
    return routeTableLoaded() ? <NotFoundScreen /> : <PendingScreen />;
  }
  if ('redirect' in route) return <Redirect to={route.redirect} replace />;
  // The guest signs in, then lands on the screen they asked for (not Home).
  if (!route.public && userToken === '')
    return <Redirect to={loginPathFor(search ? `${pathname}?${search}` : pathname)} replace />;

  const { screen } = route;
  return (
    <RoutePathContext value={route.path}>
      {/* Keyed by path: an error on one screen must not follow the user to the next. */}
      <ChunkBoundary
        key={route.path}
        onRetry={screen.retry}
        preload={screen.preload}
        render={() => <LoadedSlot screen={screen} pending={<PendingScreen />} />}
      />
    </RoutePathContext>
  );
}
