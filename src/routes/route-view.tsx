import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { session } from '../state/session';
import { ChunkBoundary } from './chunk-boundary';
import { LoadedSlot } from './loaded-slot';
import { loginPathFor } from './navigation';
import { NotFoundScreen } from './not-found-screen';
import { PendingScreen } from './pending-screen';
import { RoutePathContext } from './route-context';
import { findRoute } from './table';

/** Renders the route-table entry for the current path, guarding account screens. */
export function RouteView() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { userToken } = useSnapshot(session);
  const route = findRoute(pathname);

  if (!route) return <NotFoundScreen />;
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
