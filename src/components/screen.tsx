import { useContext, type ReactNode } from 'react';
import { RoutePathContext } from '../paths/route-context';

/** A screen's root: carries data-screen with the route path it was opened on. */
export function Screen({ children, className }: { children: ReactNode; className?: string }) {
  const path = useContext(RoutePathContext);
  return (
    <div className={className ? `screen ${className}` : 'screen'} data-screen={path}>
      {children}
    </div>
  );
}
