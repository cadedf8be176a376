import { useContext } from 'react';
import { RoutePathContext } from '../../paths/route-context';
import { paths } from '../../paths/paths';
import ReplayListScreen from './list-screen';
import ReplaySessionScreen from './session-screen';

/** The replay's two routes' module: one chunk, one import site in the route table. */
export default function ReplayScreens() {
  const path = useContext(RoutePathContext);
  return path === paths.replaySession ? <ReplaySessionScreen /> : <ReplayListScreen />;
}
