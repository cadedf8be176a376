import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Router } from 'wouter';
import { useAppLocation } from '../../src/paths/navigation';
import { RoutePathContext } from '../../src/paths/route-context';

/**
 * Renders one screen as the route table mounts it: under the app's router, knowing its route
 * (the table's path), with the address bar at `path` (the route with any query).
 */
export function renderAt(path: string, route: string, Screen: ComponentType) {
  history.replaceState(null, '', path);
  return render(
    <Router hook={useAppLocation}>
      <RoutePathContext value={route}>
        <Screen />
      </RoutePathContext>
    </Router>,
  );
}

/** `renderAt` for a screen whose route is its address without the query. */
export function renderAtPath(path: string, Screen: ComponentType) {
  return renderAt(path, path.split('?')[0] ?? path, Screen);
}
