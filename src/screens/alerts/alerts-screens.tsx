import { useContext } from 'react';
import { RoutePathContext } from '../../paths/route-context';
import { AlertsScreen } from './alerts-screen';
import { NotificationsScreen } from './notifications-screen';
import { paths } from '../../paths/paths';

/** Both routes' module: one chunk, one import site in the route table (the first load's size). */
export default function AlertsScreens() {
  const path = useContext(RoutePathContext);
  return path === paths.notifications ? <NotificationsScreen /> : <AlertsScreen />;
}
