import { useContext, type ReactNode } from 'react';
import { RoutePathContext } from '../paths/route-context';
import { Navbar } from './navbar';

/** A screen's root: carries data-screen with the route path it was opened on. */
export function Screen({ children, className }: { children: ReactNode; className?: string }) {
  const path = useContext(RoutePathContext);
  return (
    <div className={className ? `screen ${className}` : 'screen'} data-screen={path}>
      {children}
    </div>
  );
}

/** The usual screen: a navbar with its title over one body. */
export function TitledScreen({
  className,
  title,
  children,
}: {
  className?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Screen {...(className ? { className } : {})}>
      <Navbar title={title} />
      <div className="screen__body">{children}</div>
    </Screen>
  );
}
